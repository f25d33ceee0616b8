import { useSelector } from '@xstate/react';
import { ArrowLeft, Hourglass } from 'lucide-react';
import type { Appeal } from '../../api/moderation';
import {
  canAppealAgain,
  hasNotAppealed,
  isBanLiftedByAppeal,
  isStandingLoading,
  checkpointPhase,
  shownAppeal,
  standingError,
} from '../../machines/checkpoint/checkpoint.connect';
import { AuthShell } from '../auth/AuthShell';
import { TextLink } from '../auth/TextLink';
import { Alert } from '../ui/Alert';
import { longDate, NotBanned, SignOutButton, StandingStates } from './CheckpointParts';
import { useCheckpointActor } from './useCheckpointActor';

const STATUS_TITLE: Record<Appeal['status'], string> = {
  pending: 'Waiting for a moderator',
  approved: 'Your appeal was approved',
  rejected: 'Your appeal was rejected',
};

/** The appeal as filed, with the moderators' answer once there is one. */
function AppealStatus({ appeal }: { appeal: Appeal }) {
  return (
    <section aria-label="Your appeal" className="flex flex-col gap-4">
      <Alert
        tone={appeal.status === 'approved' ? 'success' : appeal.status === 'rejected' ? 'error' : 'info'}
        title={STATUS_TITLE[appeal.status]}
      >
        {appeal.status === 'pending'
          ? `Sent on ${longDate(appeal.createdAt)}. You will find the answer here.`
          : `Decided on ${longDate(appeal.decidedAt ?? appeal.createdAt)}.`}
      </Alert>
      {appeal.reply ? (
        <div className="rounded-2xl border border-neutral-200 p-4 dark:border-neutral-800">
          <h2 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase dark:text-neutral-400">The moderators replied</h2>
          <p className="mt-1 break-words whitespace-pre-wrap text-[15px] text-neutral-900 dark:text-neutral-100">{appeal.reply}</p>
        </div>
      ) : null}
      <details className="rounded-2xl border border-neutral-200 p-4 text-[15px] dark:border-neutral-800">
        <summary className="cursor-pointer font-semibold text-neutral-900 dark:text-white">What you wrote</summary>
        <p className="mt-2 break-words whitespace-pre-wrap text-neutral-800 dark:text-neutral-200">{appeal.message}</p>
      </details>
    </section>
  );
}

/** /aarovel: how the member's appeal stands (pending, approved, or rejected with the reply). */
export default function ApprovalPage() {
  const actor = useCheckpointActor((logic) => logic.checkpoint);
  const state = useSelector(actor, checkpointPhase);
  const loading = useSelector(actor, isStandingLoading);
  const error = useSelector(actor, standingError);
  const appeal = useSelector(actor, shownAppeal);
  const notAppealed = useSelector(actor, hasNotAppealed);
  const mayAppealAgain = useSelector(actor, canAppealAgain);
  const lifted = useSelector(actor, isBanLiftedByAppeal);

  return (
    <AuthShell
      title="Your appeal"
      icon={<Hourglass size={22} />}
      footer={
        <TextLink href="/checkpoint" className="inline-flex items-center gap-1.5">
          <ArrowLeft size={16} aria-hidden="true" />
          Back to your account status
        </TextLink>
      }
    >
      <div className="flex flex-col gap-5">
        <StandingStates loading={loading} error={error} onRetry={() => actor.send({ type: 'checkpoint.retry' })} />
        {appeal ? <AppealStatus appeal={appeal} /> : null}
        {notAppealed ? (
          <p className="text-[15px] text-neutral-700 dark:text-neutral-300">
            You have not appealed this ban. <TextLink href="/issua">Appeal</TextLink>
          </p>
        ) : null}
        {mayAppealAgain ? (
          <p className="text-[15px] text-neutral-700 dark:text-neutral-300">
            You may appeal again with more to tell. <TextLink href="/issua">Appeal again</TextLink>
          </p>
        ) : null}
        {state === 'notBanned' ? <NotBanned>{lifted ? 'The ban was lifted.' : undefined}</NotBanned> : null}
        <SignOutButton />
      </div>
    </AuthShell>
  );
}
