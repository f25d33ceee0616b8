import { useSelector } from '@xstate/react';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import type { AccountSession } from '../../../api/account/sessions';
import type { SessionsActorRef } from '../../../machines/account/sessions.machine';
import {
  canEndOthers,
  hasOtherSessions,
  haveSessionsFailed,
  isEndingOthers,
  isSessionsBusy,
  isSessionsLoading,
  selectEnding,
  selectSessions,
  selectSessionsError,
} from '../../../machines/account/sessions.connect';
import { timeAgo } from '../../streams/post/format';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/LoadError';
import { Skeleton } from '../../ui/Skeleton';
import { useScreenActor } from '../../shared/useScreenActor';
import { useSessionsLogic } from './SessionsLogic';

const PHONES = new Set(['iOS', 'Android', 'iPadOS', 'Windows Phone', 'BlackBerry', 'Tizen', 'KaiOS']);
const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Settings > Where you are signed in: every session of the member with its device, when it
 * signed in and was last active, the current one marked; any other one can be ended, or all of
 * them at once. No place is shown: the server has none to give (docs/client-account.md).
 */
export function SessionsSection() {
  const logic = useSessionsLogic();
  const actor = useScreenActor(logic.sessions);
  const loading = useSelector(actor, isSessionsLoading);
  const failed = useSelector(actor, haveSessionsFailed);
  const error = useSelector(actor, selectSessionsError);
  const sessions = useSelector(actor, selectSessions);
  const othersEndable = useSelector(actor, canEndOthers);
  const endingOthers = useSelector(actor, isEndingOthers);
  const busy = useSelector(actor, isSessionsBusy);
  const hasOthers = useSelector(actor, hasOtherSessions);
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section
      aria-labelledby="sessions-title"
      className="flex flex-col gap-3 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div>
        <h2 id="sessions-title" ref={heading} tabIndex={-1} className="font-semibold text-neutral-900 outline-none dark:text-white">
          Where you are signed in
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Each device signed in to your account. Sign out any you do not recognise, then change your password.
        </p>
      </div>
      {loading ? (
        <div role="status" aria-label="Loading where you are signed in" className="flex flex-col gap-2">
          {[0, 1].map((row) => (
            <div key={row} className="flex items-center gap-3 py-1">
              <Skeleton className="size-10 shrink-0 rounded-full" />
              <Skeleton className="h-4 w-40" />
              <Skeleton className="ml-auto h-8 w-24 rounded-full" />
            </div>
          ))}
        </div>
      ) : failed ? (
        <LoadError title="Could not load where you are signed in" onRetry={() => actor.send({ type: 'sessions.retry' })}>
          {error}
        </LoadError>
      ) : (
        <>
          <ul aria-labelledby="sessions-title" className="flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800">
            {sessions.map((session) => (
              <SessionRow key={session._id} actor={actor} session={session} busy={busy} heading={heading} />
            ))}
          </ul>
          {hasOthers ? (
            <div>
              <Button
                size="sm"
                variant="secondary"
                icon={endingOthers ? undefined : <LogOut size={16} />}
                // Busy, not pending: react-aria announces a pending button by its id, and this one
                // leaves the page when its request succeeds (the announcement would point at nothing).
                aria-disabled={endingOthers || undefined}
                isDisabled={!othersEndable && !endingOthers}
                className="aria-disabled:opacity-60"
                onPress={() => actor.send({ type: 'sessions.endOthers' })}
              >
                {endingOthers ? 'Signing out...' : 'Sign out all other sessions'}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">You are not signed in anywhere else.</p>
          )}
        </>
      )}
    </section>
  );
}

function SessionRow({
  actor,
  session,
  busy,
  heading,
}: {
  actor: SessionsActorRef;
  session: AccountSession;
  busy: boolean;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const ending = useSelector(actor, (s) => selectEnding(s) === session._id);
  // A row that leaves with the focused button hands the focus to the heading (a removed button's blur never reaches React).
  const focused = useRef(false);
  useEffect(
    () => () => {
      if (focused.current) heading.current?.focus();
    },
    [heading],
  );
  const Icon = PHONES.has(session.system) ? Smartphone : Monitor;
  return (
    <li className="flex flex-wrap items-center gap-3 py-2.5 first:pt-0 last:pb-0">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200">
        <Icon aria-hidden="true" size={20} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-neutral-900 dark:text-white">
          {session.device}
          {session.current ? (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Signed in <time dateTime={session.firstSeenAt}>{dateFormat.format(new Date(session.firstSeenAt))}</time>
          {' · '}
          {session.current ? (
            'Active now'
          ) : (
            <>
              Last active <time dateTime={session.lastSeenAt}>{timeAgo(session.lastSeenAt)}</time>
            </>
          )}
        </p>
      </div>
      {session.current ? null : (
        <Button
          size="sm"
          variant="secondary"
          className="shrink-0 aria-disabled:opacity-60"
          // Busy, not pending (see "Sign out all other sessions"): the row leaves when it succeeds.
          aria-disabled={ending || undefined}
          isDisabled={busy && !ending}
          onFocusChange={(isFocused) => (focused.current = isFocused)}
          aria-label={ending ? `Signing out ${session.device}` : `Sign out ${session.device}`}
          onPress={() => actor.send({ type: 'sessions.end', sessionId: session._id })}
        >
          {ending ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}
