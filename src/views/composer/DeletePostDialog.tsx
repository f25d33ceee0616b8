import { shallowEqual, useSelector } from '@xstate/react';
import { Trash2 } from 'lucide-react';
import { selectDeleteError, selectDeleting, selectModalState } from '../../machines/composer/composer.connect';
import { ConfirmDialog, ConfirmText } from '../ui/ConfirmDialog';
import type { ComposerActorRef } from './composerActor';

/** 'Delete post?': confirm or cancel (an alert dialog; Escape and Cancel keep the post). */
export function DeletePostDialog({ actor }: { actor: ComposerActorRef }) {
  const modal = useSelector(actor, selectModalState, shallowEqual);
  const deleting = useSelector(actor, selectDeleting);
  const error = useSelector(actor, selectDeleteError);
  const what = modal.deleteDialogType === 'question' ? 'question' : 'post';

  return (
    <ConfirmDialog
      isOpen={modal.deleteDialogIsOpen}
      busy={deleting}
      title={`Delete ${what}?`}
      error={error}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      confirmIcon={<Trash2 size={16} />}
      onConfirm={() => actor.send({ type: 'composer.delete.confirm' })}
      onCancel={() => actor.send({ type: 'composer.close' })}
    >
      <ConfirmText>
        This cannot be undone. Its reactions, comments{what === 'question' ? ' and answers' : ''} are deleted with it.
      </ConfirmText>
    </ConfirmDialog>
  );
}
