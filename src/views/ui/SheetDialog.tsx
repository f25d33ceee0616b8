import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { IconButton } from './IconButton';

/**
 * A dialog with a title bar and Close: centred from 640 px, a bottom sheet on phones; Escape,
 * a click outside or Close end it (unless `isDismissable` is false, e.g. while a request runs).
 * `padded` pads the body (forms); lists bring their own spacing.
 */
export function SheetDialog({
  title,
  onClose,
  children,
  isDismissable = true,
  padded = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  isDismissable?: boolean;
  padded?: boolean;
}) {
  return (
    <ModalOverlay
      isOpen
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      className="fixed inset-0 z-50 flex items-end justify-center bg-neutral-950/50 sm:items-center sm:p-4"
    >
      <Modal className="flex max-h-[92dvh] w-full max-w-lg flex-col rounded-t-3xl bg-white text-neutral-900 shadow-2xl outline-none sm:rounded-3xl dark:bg-neutral-900 dark:text-neutral-100">
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <div className="flex items-center justify-between border-b border-neutral-200 px-5 py-3 dark:border-neutral-800">
            <Heading slot="title" className="text-lg font-bold text-neutral-900 dark:text-white">
              {title}
            </Heading>
            <IconButton label="Close" onPress={onClose} isDisabled={!isDismissable}>
              <X size={20} />
            </IconButton>
          </div>
          <div className={`min-h-0 flex-1 overflow-y-auto ${padded ? 'p-5' : ''}`}>{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
