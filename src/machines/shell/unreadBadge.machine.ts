import { assign, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import type { UnreadCount } from '../../api/notifications';

export type UnreadBadgeEvent =
  /** The session is signed in (sent by the app on every session snapshot; repeats are ignored). */
  | { type: 'badge.start' }
  /** The session is not signed in. */
  | { type: 'badge.stop' }
  /** The server said how many are unread: a socket arrival or change, or an answer of the inbox's calls. */
  | { type: 'badge.count'; unreadCount: number }
  /** Ask again: the socket (re)connected (what happened meanwhile reached no socket), or something changed the count. */
  | { type: 'badge.refresh' };

export interface UnreadBadgeContext {
  unreadCount: number;
  /** Failed reads in a row; the retry waits longer with each. */
  attempts: number;
}

/** Refreshes this close together are one read (a busy group chat sends many). */
export const BADGE_SETTLE_MS = 250;
export const BADGE_RETRY_BASE_MS = 5000;
export const BADGE_RETRY_MAX_MS = 60_000;
export const badgeRetryDelay = (attempts: number) => Math.min(BADGE_RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), BADGE_RETRY_MAX_MS);

const initial: UnreadBadgeContext = { unreadCount: 0, attempts: 0 };

/**
 * An unread count on a nav item in every screen, while the session is signed in: reads the count
 * once, then follows what the server pushes and reads again after every reconnect. A failed read
 * keeps the last count and tries again later. Two app children run it:
 * - 'unreadBadge' (Notifications): the server pushes the count itself (`notification`,
 *   `notifications changed`);
 * - 'chatBadge' (Chat, src/effects/chat/chatBadge.ts): conversations with something unread; every
 *   chat event that may change it asks again (`badge.refresh`).
 */
export const unreadBadgeMachine = setup({
  types: { context: {} as UnreadBadgeContext, events: {} as UnreadBadgeEvent },
  actors: {
    /** Effect: GET /notifications/unread-count. */
    loadCount: requiredPromise<UnreadCount>('loadCount'),
    /** Effect: the socket's notification events and reconnects (the bus), as badge events. */
    live: requiredCallback<EventObject>(),
  },
  actions: {
    setCount: assign({
      unreadCount: ({ context, event }) => (event.type === 'badge.count' ? Math.max(0, event.unreadCount) : context.unreadCount),
    }),
  },
  delays: {
    RETRY: ({ context }) => badgeRetryDelay(context.attempts),
    SETTLE: BADGE_SETTLE_MS,
  },
}).createMachine({
  id: 'unreadBadge',
  context: initial,
  initial: 'signedOut',
  states: {
    signedOut: {
      entry: assign(() => ({ ...initial })),
      on: { 'badge.start': 'signedIn' },
    },
    signedIn: {
      invoke: { id: 'live', src: 'live' },
      on: {
        'badge.stop': 'signedOut',
        'badge.count': { actions: 'setCount' },
      },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadCount',
            src: 'loadCount',
            onDone: { target: 'ready', actions: assign({ unreadCount: ({ event }) => event.output.unreadCount, attempts: 0 }) },
            onError: { target: 'waiting', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
          },
          // What is being read may already be older than this: take it (or nothing, on a refresh), and read again.
          on: {
            'badge.count': { target: 'loading', reenter: true, actions: 'setCount' },
            'badge.refresh': 'settling',
          },
        },
        // Asked to read again: a short pause first, so a burst of changes makes one read.
        settling: {
          after: { SETTLE: 'loading' },
          on: { 'badge.refresh': { target: 'settling', reenter: true } },
        },
        ready: {
          on: { 'badge.refresh': 'settling' },
        },
        waiting: {
          after: { RETRY: 'loading' },
          on: { 'badge.refresh': 'settling' },
        },
      },
    },
  },
});

export type UnreadBadgeActorRef = ActorRefFrom<typeof unreadBadgeMachine>;
export type UnreadBadgeSnapshot = SnapshotFrom<typeof unreadBadgeMachine>;
export const selectUnreadCount = (snapshot: UnreadBadgeSnapshot) => snapshot.context.unreadCount;
