import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import { api } from '../shell/api';
import { forgetSession, persistSession } from './sessionStore';

/** The session machine with its storage and sign-out effects. */
export const sessionLogic = sessionMachine.provide({
  actors: {
    signOut: fromPromise<unknown, { token: string }>(({ input }) => api.auth.signOut(input.token)),
  },
  actions: { persistSession, forgetSession },
});
