import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Alert } from './Alert';
import { Button, type ButtonVariant } from './Button';

/**
 * "Are you sure?" as an alert dialog (a bottom sheet on phones): Escape, a click outside and Cancel
 * keep things as they are, except while the request runs (`busy`), when nothing closes it and the
 * confirm button says what is happening. A refusal shows in it (`error`), so the member can try again.
 */
export function ConfirmDialog({
  isOpen = true,
  busy = false,
  title,
  error,
  confirmLabel,
  busyLabel,
  confirmIcon,
  confirmVariant = 'danger',
  confirmDisabled = false,
  onConfirm,
  onCancel,
  overSheet = false,
  focusCancel = true,
  children,
}: {
  isOpen?: boolean;
  busy?: boolean;
  title: string;
  error?: string | null;
  confirmLabel: string;
  /** What the confirm button says while the request runs ('Deleting...'). */
  busyLabel?: string;
  confirmIcon?: ReactNode;
  confirmVariant?: ButtonVariant;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Asked from within a SheetDialog: it must stack above it. */
  overSheet?: boolean;
  /** Cancel takes the focus when the dialog opens; false when a field in `children` takes it. */
  focusCancel?: boolean;
  /** What confirming means, in the words of the place it is asked from. */
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      onOpenChange={(open) => (!open ? onCancel() : undefined)}
      className={`fixed inset-0 ${overSheet ? 'z-[60]' : 'z-50'} flex items-end justify-center bg-neutral-950/50 p-4 sm:items-center motion-safe:data-[entering]:animate-[fade-in_150ms_ease-out]`}
    >
      <Modal className="w-full max-w-md rounded-2xl bg-white p-5 text-neutral-900 shadow-2xl outline-none dark:bg-neutral-900 dark:text-neutral-100 motion-safe:data-[entering]:animate-[menu-in_180ms_ease-out]">
        <Dialog role="alertdialog" className="flex flex-col gap-4 outline-none">
          <Heading slot="title" className="text-lg font-semibold">
            {title}
          </Heading>
          {children}
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onPress={onCancel} isDisabled={busy} autoFocus={focusCancel}>
              Cancel
            </Button>
            <Button variant={confirmVariant} icon={busy ? undefined : confirmIcon} isDisabled={busy || confirmDisabled} onPress={onConfirm}>
              {busy && busyLabel ? busyLabel : confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The body text of a ConfirmDialog. */
export function ConfirmText({ children }: { children: ReactNode }) {
  return <p className="text-sm text-neutral-700 dark:text-neutral-300">{children}</p>;
}
