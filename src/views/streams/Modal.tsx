import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { IconButton } from '../components/IconButton';

/** A centred dialog (full screen on phones) for the reactions and comments lists. */
export function StreamsModal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      className="fixed inset-0 z-50 flex items-end justify-center bg-neutral-950/50 sm:items-center sm:p-4"
    >
      <Modal className="flex max-h-[90dvh] w-full max-w-lg flex-col rounded-t-3xl bg-white shadow-2xl outline-none sm:rounded-3xl dark:bg-neutral-900">
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <div className="flex items-center justify-between border-b border-neutral-200 px-5 py-3 dark:border-neutral-800">
            <Heading slot="title" className="text-lg font-bold text-neutral-900 dark:text-white">
              {title}
            </Heading>
            <IconButton label="Close" onPress={onClose}>
              <X size={20} />
            </IconButton>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
