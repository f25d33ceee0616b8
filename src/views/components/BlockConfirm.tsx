import { Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';

/** "Block {name}?" as an alert dialog, wherever a member is blocked from (a post's author menu, a profile). */
export function BlockConfirm({ name, isOpen, blocking, onCancel, onConfirm, children }: {
  name: string;
  isOpen: boolean;
  blocking: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** What the block means, in the words of the place it is asked from. */
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={!blocking}
      isKeyboardDismissDisabled={blocking}
      onOpenChange={(open) => (!open ? onCancel() : undefined)}
      className="fixed inset-0 z-50 flex items-end justify-center bg-neutral-950/50 p-4 sm:items-center"
    >
      <Modal className="w-full max-w-sm rounded-2xl bg-white p-5 text-neutral-900 shadow-2xl outline-none dark:bg-neutral-900 dark:text-neutral-100">
        <Dialog role="alertdialog" className="flex flex-col gap-4 outline-none">
          <Heading slot="title" className="text-lg font-semibold">
            Block {name}?
          </Heading>
          <p className="text-sm text-neutral-700 dark:text-neutral-300">{children}</p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onPress={onCancel} isDisabled={blocking} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" icon={blocking ? undefined : <Ban size={16} />} isDisabled={blocking} onPress={onConfirm}>
              {blocking ? 'Blocking...' : 'Block'}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
