import { shallowEqual, useSelector } from '@xstate/react';
import { Trash2 } from 'lucide-react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { selectModalState } from '../../machines/composer.machine';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import type { ComposerActorRef } from './composerActor';

/** 'Delete post?': confirm or cancel (an alert dialog; Escape and Cancel keep the post). */
export function DeletePostDialog({ actor }: { actor: ComposerActorRef }) {
  const modal = useSelector(actor, selectModalState, shallowEqual);
  const deleting = useSelector(actor, (s) => s.matches({ deleteDialog: 'deleting' }));
  const error = useSelector(actor, (s) => (s.matches('deleteDialog') ? s.context.error : null));
  const what = modal.deleteDialogType === 'question' ? 'question' : 'post';
  const cancel = () => actor.send({ type: 'composer.close' });

  return (
    <ModalOverlay
      isOpen={modal.deleteDialogIsOpen}
      isDismissable={!deleting}
      isKeyboardDismissDisabled={deleting}
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      className="fixed inset-0 z-50 flex items-end justify-center bg-neutral-950/50 p-4 sm:items-center motion-safe:data-[entering]:animate-[fade-in_150ms_ease-out]"
    >
      <Modal className="w-full max-w-sm rounded-2xl bg-white p-5 text-neutral-900 shadow-2xl outline-none dark:bg-neutral-900 dark:text-neutral-100 motion-safe:data-[entering]:animate-[menu-in_180ms_ease-out]">
        <Dialog role="alertdialog" className="flex flex-col gap-4 outline-none">
          <Heading slot="title" className="text-lg font-semibold">
            Delete {what}?
          </Heading>
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            This cannot be undone. Its reactions, comments{what === 'question' ? ' and answers' : ''} are deleted with it.
          </p>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onPress={cancel} isDisabled={deleting} autoFocus>
              Cancel
            </Button>
            <Button
              variant="danger"
              icon={deleting ? undefined : <Trash2 size={16} />}
              isDisabled={deleting}
              onPress={() => actor.send({ type: 'composer.delete.confirm' })}
            >
              {deleting ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
