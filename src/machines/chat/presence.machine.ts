import { assertEvent, assign, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import type { OnlineUsers, WatchPresence } from '../../api/users';

export type PresenceEvent =
  // From the bus:
  { type: 'presence.changed'; userId: string; online: boolean } | { type: 'presence.reconnected' };

export interface PresenceInput {
  /** The members to watch (a chat header: the other member). */
  userIds: string[];
}

export interface PresenceContext {
  userIds: string[];
  /** Who of them is online; null until the server has said (no dot rather than a wrong one). */
  online: string[] | null;
}

/**
 * Whether a few members are online, for a screen that shows them (the chat header): the socket
 * watches them (`watch presence`, answered with who is online now), then `user online` changes
 * come from the bus. A new socket watches nothing and may have missed changes, so a reconnect
 * (also the first connect) watches again. The people page keeps its own watch (people.machine),
 * which follows a list that changes as the member pages and searches.
 */
export const presenceMachine = setup({
  types: {
    context: {} as PresenceContext,
    events: {} as PresenceEvent,
    input: {} as PresenceInput,
  },
  actors: {
    /** Effect: the socket's `watch presence` with these members; answers who of them is online. */
    watchPresence: requiredPromise<OnlineUsers, WatchPresence>('watchPresence'),
    /** Effect: presence changes and reconnects from the bus, as presence events. */
    live: requiredCallback<EventObject>(),
  },
  guards: {
    isWatched: ({ context, event }) => {
      assertEvent(event, 'presence.changed');
      return context.userIds.includes(event.userId);
    },
  },
}).createMachine({
  id: 'presence',
  context: ({ input }) => ({ userIds: input.userIds, online: null }),
  invoke: { id: 'live', src: 'live' },
  initial: 'watching',
  on: {
    'presence.changed': {
      guard: 'isWatched',
      actions: assign({
        online: ({ context, event }) => {
          const others = (context.online ?? []).filter((id) => id !== event.userId);
          return event.online ? [...others, event.userId] : others;
        },
      }),
    },
  },
  states: {
    watching: {
      invoke: {
        id: 'watchPresence',
        src: 'watchPresence',
        input: ({ context }) => ({ userIds: context.userIds }),
        onDone: {
          target: 'live',
          actions: assign({ online: ({ context, event }) => context.userIds.filter((id) => event.output.userIds.includes(id)) }),
        },
        // Without a socket (not connected yet) it waits for the connect, which says `reconnected`.
        onError: { target: 'live' },
      },
    },
    live: { on: { 'presence.reconnected': 'watching' } },
  },
});

export type PresenceActorRef = ActorRefFrom<typeof presenceMachine>;
export type PresenceSnapshot = SnapshotFrom<typeof presenceMachine>;

/** Whether a member is online: true / false, or null while unknown. */
export const selectOnline = (s: PresenceSnapshot, userId: string): boolean | null =>
  s.context.online === null ? null : s.context.online.includes(userId);
