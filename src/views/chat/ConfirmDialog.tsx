import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../components/Button';

/** "Are you sure?" as an alert dialog: Escape and Cancel keep things as they are. */
export function ConfirmDialog({
  title,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => (!open ? onCancel() : undefined)}
      className="fixed inset-0 z-[60] flex items-end justify-center bg-neutral-950/50 p-4 sm:items-center"
    >
      <Modal className="w-full max-w-sm rounded-2xl bg-white p-5 text-neutral-900 shadow-2xl outline-none dark:bg-neutral-900 dark:text-neutral-100">
        <Dialog role="alertdialog" className="flex flex-col gap-4 outline-none">
          <Heading slot="title" className="text-lg font-semibold">
            {title}
          </Heading>
          <div className="text-sm text-neutral-700 dark:text-neutral-300">{children}</div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onPress={onCancel} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" onPress={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
