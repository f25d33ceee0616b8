import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import { clientOf } from '../shell/api';
import { forgetStoredSession, persistSession } from './sessionStore';
import { wipeKept } from '../offline/kept';
import { wipeMedia } from '../offline/mediaWipe';
import { wipeOutboxes } from '../offline/outboxWipe';
import { createAuthApi } from '../../api/auth/client';

const api = clientOf(createAuthApi);

/** The session's keys, and everything kept for the member who leaves. */
function forgetSession() {
  forgetStoredSession();
  // What was kept for reading offline leaves with the session (docs/client-offline.md).
  void wipeKept();
  // What was not sent goes with the session (docs/client-offline.md, "Outbox").
  void wipeOutboxes();
  // And the images the service worker cached for them (docs/client-offline.md, "Images offline").
  void wipeMedia();
}

/** The session machine with its storage and sign-out effects. */
export const sessionLogic = sessionMachine.provide({
  actors: {
    signOut: fromPromise<unknown, { token: string }>(({ input }) => api.auth.signOut(input.token)),
  },
  actions: { persistSession, forgetSession },
});
