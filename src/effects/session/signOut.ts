import { signOutMachine } from '../../machines/session/signOut.machine';
import type { HasSystem } from '../shell/bridge';

/**
 * The sign-out flow with its effects: `session.logout` to the app's session, then `leave` (the
 * area's own navigation). Both at once and in this order, so the next page finds the session
 * already ending (the bridge's sendTo would be delivered only after the navigation).
 */
export function signOutLogic(app: HasSystem, leave: () => void) {
  return signOutMachine.provide({
    actions: {
      logout: () => app.system.get('session')?.send({ type: 'session.logout' }),
      leave: () => leave(),
    },
  });
}
