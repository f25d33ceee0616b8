import { fromCallback } from 'xstate';
import { SESSION_ENDED_MESSAGE } from '../../api/account/words';
import { streamsBus, type Bus } from '../shell/socket';

/**
 * The app's watch for this session being ended from another device (Settings > Where you are
 * signed in): the socket's `session ended` with reason `ended`, or any request refused with
 * SESSION_ENDED_MESSAGE. The member is told why and the session is cleared; the area's guard then
 * sends the page to sign-in (src/machines/session/authGuard.machine.ts, `guard.sessionEnded`).
 */
export function sessionEndWatchLogic(bus: Bus = streamsBus) {
  return fromCallback(({ system }) =>
    bus.subscribe((message) => {
      if (message.event !== 'session ended') return;
      const session = system.get('session');
      // Told once: the socket and a request may both say so.
      if (!session || session.getSnapshot().matches('signedOut')) return;
      system.get('toasts')?.send({ type: 'toasts.show', toast: { type: 'info', description: SESSION_ENDED_MESSAGE } });
      session.send({ type: 'session.clear' });
    }),
  );
}
