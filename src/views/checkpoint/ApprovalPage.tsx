import { useSelector } from '@xstate/react';
import { ArrowLeft, CircleCheck, CircleX, Hourglass, Scale } from 'lucide-react';
import type { Appeal } from '../../api/moderation';
import {
  appealOutcome,
  canAppealAgain,
  hasNotAppealed,
  isBanLiftedByAppeal,
  isNotBanned,
  isStandingLoading,
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

/** The page's icon says how the appeal stands: waiting, approved, rejected (none yet: the scales). */
function OutcomeIcon({ outcome }: { outcome: Appeal['status'] | null }) {
  if (outcome === 'approved') return <CircleCheck size={22} />;
  if (outcome === 'rejected') return <CircleX size={22} />;
  if (outcome === 'pending') return <Hourglass size={22} />;
  return <Scale size={22} />;
}

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

/**
 * /aarovel: how the member's appeal stands (pending, approved, or rejected with the reply). The
 * decision arrives while the page is open (the checkpoint machine's appeal watch).
 */
export default function ApprovalPage() {
  const actor = useCheckpointActor((logic) => logic.checkpoint);
  const notBanned = useSelector(actor, isNotBanned);
  const outcome = useSelector(actor, appealOutcome);
  const loading = useSelector(actor, isStandingLoading);
  const error = useSelector(actor, standingError);
  const appeal = useSelector(actor, shownAppeal);
  const notAppealed = useSelector(actor, hasNotAppealed);
  const mayAppealAgain = useSelector(actor, canAppealAgain);
  const lifted = useSelector(actor, isBanLiftedByAppeal);

  return (
    <AuthShell
      title="Your appeal"
      icon={<OutcomeIcon outcome={outcome} />}
      iconTone={outcome === 'approved' ? 'success' : 'accent'}
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
        {notBanned ? <NotBanned>{lifted ? 'The ban was lifted.' : undefined}</NotBanned> : null}
        <SignOutButton />
      </div>
    </AuthShell>
  );
}
