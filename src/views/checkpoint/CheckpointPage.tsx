import { useSelector } from '@xstate/react';
import { Mail, Scale, ShieldBan } from 'lucide-react';
import { useLocation } from 'wouter';
import {
  activeBan,
  isAppealPending,
  isAppealRejected,
  isNotBanned,
  isStandingLoading,
  standingError,
  supportEmail,
} from '../../machines/checkpoint/checkpoint.connect';
import { AuthShell } from '../auth/AuthShell';
import { TextLink, textLinkClasses } from '../auth/TextLink';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { BanFacts, NotBanned, SignOutButton, StandingStates } from './CheckpointParts';
import { useCheckpointActor } from './useCheckpointActor';
import { useSessionProfile } from '../layouts/useShell';

/** The spec's banned message names support; here the page says what the member can do instead. */
const BANNED_ON_PAGE = 'Your account has been banned.';

/**
 * /checkpoint: where a banned account lands after sign-in, or when a ban reaches an open page.
 * It says why and since when, what the member can do (appeal: /issua, or its status: /aarovel),
 * and whom to write to when the server has a support address (SUPPORT_EMAIL).
 */
export default function CheckpointPage() {
  const actor = useCheckpointActor((logic) => logic.checkpoint);
  const notBanned = useSelector(actor, isNotBanned);
  const loading = useSelector(actor, isStandingLoading);
  const error = useSelector(actor, standingError);
  const ban = useSelector(actor, activeBan);
  const pending = useSelector(actor, isAppealPending);
  const rejected = useSelector(actor, isAppealRejected);
  const support = useSelector(actor, supportEmail);
  const profile = useSessionProfile();
  const [, navigate] = useLocation();

  return (
    <AuthShell
      title={notBanned ? 'Welcome back' : 'Your account is banned'}
      icon={<ShieldBan size={22} />}
      intro={profile ? `Signed in as @${profile.username}.` : undefined}
    >
      <div className="flex flex-col gap-5">
        <StandingStates loading={loading} error={error} onRetry={() => actor.send({ type: 'checkpoint.retry' })} />
        {ban ? (
          <>
            <Alert tone="error">{BANNED_ON_PAGE}</Alert>
            <BanFacts ban={ban} />
            <section aria-labelledby="checkpoint-what-now" className="flex flex-col gap-3 text-[15px] leading-relaxed">
              <h2 id="checkpoint-what-now" className="font-semibold text-neutral-900 dark:text-white">
                What you can do
              </h2>
              {pending ? (
                <>
                  <p className="text-neutral-700 dark:text-neutral-300">
                    Your appeal is waiting for a moderator. The answer will show here as soon as it is given.
                  </p>
                  <Button fullWidth icon={<Scale size={18} />} onPress={() => navigate('/aarovel')}>
                    See your appeal
                  </Button>
                </>
              ) : (
                <>
                  {rejected ? (
                    <p className="text-neutral-700 dark:text-neutral-300">
                      Your last appeal was rejected. <TextLink href="/aarovel">Read the reply</TextLink>, then appeal again if you have more
                      to tell.
                    </p>
                  ) : (
                    <p className="text-neutral-700 dark:text-neutral-300">
                      If you think this is a mistake, appeal: the moderators review the ban and answer you here.
                    </p>
                  )}
                  <Button fullWidth icon={<Scale size={18} />} onPress={() => navigate('/issua')}>
                    Appeal
                  </Button>
                </>
              )}
              {support ? (
                <div className="flex items-start gap-2 text-neutral-700 dark:text-neutral-300">
                  <Mail size={16} aria-hidden="true" className="mt-1 shrink-0" />
                  {/* The address wraps as a whole; it breaks inside only when longer than the line. */}
                  <p className="min-w-0 [overflow-wrap:break-word]">
                    For anything else, write to support at{' '}
                    <a href={`mailto:${support}`} className={textLinkClasses}>
                      {support}
                    </a>
                    .
                  </p>
                </div>
              ) : null}
            </section>
          </>
        ) : null}
        {notBanned ? <NotBanned /> : null}
        <SignOutButton />
      </div>
    </AuthShell>
  );
}
