import { setup, type ActorRefFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { ClientConfig } from '../../api/config';

/**
 * Whether the sign-in and sign-up forms offer Google: the server says so in GET /config. Until it
 * answers the button waits (disabled); a server without Google makes it `unavailable` (shown
 * disabled, saying why), so it is never a dead button. A config that cannot be read leaves the
 * button on: pressing it asks again and its own failure says why.
 */
export const googleOptionMachine = setup({
  actors: {
    /** Effect: GET /api/v1/config. */
    fetchConfig: requiredPromise<ClientConfig, void>('fetchConfig'),
  },
  guards: {
    googleConfigured: (_, params: { config: ClientConfig }) => params.config.googleSignIn,
  },
}).createMachine({
  id: 'googleOption',
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'fetchConfig',
        src: 'fetchConfig',
        onDone: [
          { guard: { type: 'googleConfigured', params: ({ event }) => ({ config: event.output }) }, target: 'available' },
          { target: 'unavailable' },
        ],
        onError: 'available',
      },
    },
    available: {},
    unavailable: {},
  },
});

export type GoogleOptionActorRef = ActorRefFrom<typeof googleOptionMachine>;
export const GOOGLE_NOT_SET_UP = 'Google sign-in is not set up on this server.';
