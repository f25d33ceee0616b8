import { useSelector } from '@xstate/react';
import { isCancelling, selectDeletion } from '../../../machines/account/accountData.connect';
import { useScreenActor } from '../../shared/useScreenActor';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useAccountDataLogic } from './AccountDataLogic';
import { whenText } from './whenText';

/**
 * The member area's notice while a deletion is scheduled (signing in during the grace period
 * offers to cancel it). Shows nothing otherwise.
 */
export function DeletionNotice() {
  const logic = useAccountDataLogic();
  const actor = useScreenActor(logic.accountData, { input: { withExport: false } });
  const deletion = useSelector(actor, selectDeletion);
  const cancelling = useSelector(actor, isCancelling);
  if (!deletion) return null;
  return (
    <div role="region" aria-label="Account deletion" className="mb-4">
      <Alert
        tone="warning"
        title="Your account is scheduled for deletion"
        action={
          <Button size="sm" variant="secondary" isPending={cancelling} onPress={() => actor.send({ type: 'accountData.cancelDeletion' })}>
            {cancelling ? 'Cancelling...' : 'Cancel deletion'}
          </Button>
        }
      >
        It will be deleted on {whenText(deletion.deleteAfter)}. Cancel to keep your account.
      </Alert>
    </div>
  );
}
