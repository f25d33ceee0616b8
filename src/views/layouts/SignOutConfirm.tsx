import { SIGN_OUT_ANYWAY, SIGN_OUT_TITLE } from '../../machines/session/signOut.connect';
import { ConfirmDialog, ConfirmText } from '../ui/ConfirmDialog';

/** "Sign out anyway?" while the outbox holds items (useSignOut): its own chunk, fetched when it opens. */
export function SignOutConfirm({ question, onConfirm, onCancel }: { question: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      title={SIGN_OUT_TITLE}
      confirmLabel={SIGN_OUT_ANYWAY}
      onConfirm={onConfirm}
      onCancel={onCancel}
      // Asked from the phone's drawer too: above it.
      overSheet
    >
      <ConfirmText>{question}</ConfirmText>
    </ConfirmDialog>
  );
}
