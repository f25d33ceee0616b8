import { enqueueActions, fromCallback, type AnyActorRef } from 'xstate';
import { SESSION_ENDED_MESSAGE } from '../../api/account/words';
import { sessionEndMachine, type SessionEndEvent } from '../../machines/session/sessionEnd.machine';
import { streamsBus, type Bus } from '../shell/socket';

interface HasSession {
  get: (id: string) => AnyActorRef | undefined;
}

/** The session's token while one is open (signed in, or being restored), else null. */
function openToken(system: HasSession): string | null {
  const snapshot = system.get('session')?.getSnapshot() as { matches(state: string): boolean; context: { token: string } } | undefined;
  return !snapshot || snapshot.matches('signedOut') ? null : snapshot.context.token;
}

/**
 * The app's watch for this session being ended from another device (Settings > Where you are
 * signed in): the socket's `session ended` with reason `ended`, or any request refused with
 * SESSION_ENDED_MESSAGE. The member is told why at once, and the session is cleared after the
 * spec's second (src/machines/session/sessionEnd.machine.ts); the area's guard then sends the page
 * to sign-in (src/machines/session/authGuard.machine.ts, `guard.sessionEnded`). Only the session
 * that ended is cleared: one signed out meanwhile (the guard's failed check) is left alone.
 */
export function sessionEndWatchLogic(bus: Bus = streamsBus) {
  return sessionEndMachine.provide({
    actors: {
      endings: fromCallback<SessionEndEvent>(({ system, sendBack }) =>
        bus.subscribe((message) => {
          if (message.event !== 'session ended') return;
          const token = openToken(system);
          if (token !== null) sendBack({ type: 'sessionEnd.ended', token });
        }),
      ),
    },
    // Built-in actions (not a custom one calling send()): the events go after this transition, in
    // order, and XState does not warn about the session's and the toasts' own `assign`.
    actions: {
      tellMember: enqueueActions(({ system, enqueue }) => {
        const toasts = system.get('toasts');
        const show = { type: 'toasts.show', toast: { type: 'info', description: SESSION_ENDED_MESSAGE } } as const;
        if (toasts) enqueue.sendTo(toasts, show);
      }),
      clearSession: enqueueActions(({ system, enqueue }, params: { token: string | null }) => {
        const session = system.get('session');
        if (session && params.token !== null && openToken(system) === params.token) enqueue.sendTo(session, { type: 'session.clear' });
      }),
    },
  });
}
