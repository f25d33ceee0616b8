import { useSelector } from '@xstate/react';
import { ShieldBan } from 'lucide-react';
import { BANNED_MESSAGE } from '../../api/constants';
import {
  activeBan,
  checkpointPhase,
  isAppealPending,
  isAppealRejected,
  isStandingLoading,
  standingError,
} from '../../machines/checkpoint/checkpoint.connect';
import { AuthShell } from '../auth/AuthShell';
import { TextLink } from '../auth/TextLink';
import { Alert } from '../ui/Alert';
import { BanFacts, NotBanned, SignOutButton, StandingStates } from './CheckpointParts';
import { useCheckpointActor } from './useCheckpointActor';
import { useSessionProfile } from '../layouts/useShell';

/**
 * /checkpoint: where a banned account lands after sign-in, or when a ban reaches an open page.
 * It says why and since when, and leads to the appeal (/issua) or its status (/aarovel).
 */
export default function CheckpointPage() {
  const actor = useCheckpointActor((logic) => logic.checkpoint);
  const state = useSelector(actor, checkpointPhase);
  const loading = useSelector(actor, isStandingLoading);
  const error = useSelector(actor, standingError);
  const ban = useSelector(actor, activeBan);
  const pending = useSelector(actor, isAppealPending);
  const rejected = useSelector(actor, isAppealRejected);
  const profile = useSessionProfile();

  return (
    <AuthShell
      title={state === 'notBanned' ? 'Welcome back' : 'Your account is banned'}
      icon={<ShieldBan size={22} />}
      intro={profile ? `Signed in as @${profile.username}.` : undefined}
    >
      <div className="flex flex-col gap-5">
        <StandingStates loading={loading} error={error} onRetry={() => actor.send({ type: 'checkpoint.retry' })} />
        {ban ? (
          <>
            <Alert tone="error">{BANNED_MESSAGE}</Alert>
            <BanFacts ban={ban} />
            {pending ? (
              <p className="text-[15px] text-neutral-700 dark:text-neutral-300">
                Your appeal is waiting for a moderator. <TextLink href="/aarovel">See your appeal</TextLink>
              </p>
            ) : (
              <div className="flex flex-col gap-2 text-[15px] leading-relaxed text-neutral-700 dark:text-neutral-300">
                {rejected ? (
                  <p>
                    Your last appeal was rejected. <TextLink href="/aarovel">Read the reply</TextLink>
                  </p>
                ) : (
                  <p>If you think this is a mistake, ask the moderators to review the ban.</p>
                )}
                <p>
                  <TextLink href="/issua">Appeal</TextLink>
                </p>
              </div>
            )}
          </>
        ) : null}
        {state === 'notBanned' ? <NotBanned /> : null}
        <SignOutButton />
      </div>
    </AuthShell>
  );
}
