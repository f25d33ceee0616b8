import { fromPromise } from 'xstate';
import type { User } from '../api/auth';
import { STORAGE_KEYS } from '../api/constants';
import { sessionMachine } from '../machines/session.machine';
import { api } from './api';
import { storage } from './storage';

/** The session machine with its storage and sign-out effects. */
export const sessionLogic = sessionMachine.provide({
  actors: {
    signOut: fromPromise<unknown, { token: string }>(({ input }) => api.auth.signOut(input.token)),
  },
  actions: {
    persistSession: (_, { token, user, keepLoggedIn }: { token: string; user: User; keepLoggedIn: boolean }) => {
      storage.set(STORAGE_KEYS.authToken, token);
      storage.set(STORAGE_KEYS.keepLoggedIn, String(keepLoggedIn));
      storage.session.set(STORAGE_KEYS.username, user.username);
      // Session storage dies with the browser session: a browser reopened without this flag
      // and with keepLoggedIn 'false' finds the session ended (session.machine.ts, booting).
      storage.session.set(STORAGE_KEYS.pageReload, 'true');
    },
    forgetSession: () => {
      storage.remove(STORAGE_KEYS.authToken);
      storage.remove(STORAGE_KEYS.keepLoggedIn);
      storage.session.remove(STORAGE_KEYS.username);
      storage.session.remove(STORAGE_KEYS.pageReload);
    },
  },
});
