import { assign, enqueueActions, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import type { BlockResponse, UserSummary, UsersList } from '../../api/users/follows';
import { failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

/** An unblock runs as a spawned child named `unblock.<userId>`; these are its settle events. */
type Settled =
  { type: `xstate.done.actor.unblock.${string}`; output: BlockResponse } | { type: `xstate.error.actor.unblock.${string}`; error: unknown };

export type BlockedMembersEvent =
  | { type: 'blockedMembers.retry' }
  | { type: 'blockedMembers.unblock'; userId: string }
  // From the bus:
  /** A block made elsewhere (another tab or device) or a reconnect: the list may be stale. */
  | { type: 'blockedMembers.changed' }
  /** The member lifted their block on `userId` elsewhere (or the server confirms one made here). */
  | { type: 'blockedMembers.lifted'; userId: string }
  | Settled;

export interface BlockedMembersContext {
  members: UserSummary[];
  error: string | null;
  /** Members whose unblock is in flight, in the order asked. */
  unblocking: string[];
}

export const BLOCKED_FAILED = 'Could not load the members you blocked. Please try again.';
export const unblockFailed = (username: string) => `Could not unblock ${username}. Please try again.`;

const SETTLED = /^xstate\.(?:done|error)\.actor\.unblock\.(.+)$/;
/** The member an unblock's settle event belongs to. */
export function unblockedIdOf(type: string): string | null {
  return SETTLED.exec(type)?.[1] ?? null;
}
export const unblockId = (userId: string) => `unblock.${userId}`;

/** The toast a settled unblock shows: the server's message either way, else a fallback naming the member. */
export function unblockToast(context: BlockedMembersContext, event: BlockedMembersEvent): ToastRequest {
  if ('output' in event) return { type: 'success', description: event.output.message };
  const userId = unblockedIdOf(event.type);
  const username = context.members.find((m) => m._id === userId)?.username ?? 'this member';
  return { type: 'error', description: failureText('error' in event ? event.error : null, unblockFailed(username)) };
}

const without = (members: UserSummary[], userId: string) => members.filter((m) => m._id !== userId);

/**
 * The settings page's list of the members the viewer blocked, each with Unblock. A blocked
 * member's profile answers 404 both ways, so this is the only place a block made earlier can be
 * lifted. Each unblock is a child of its own, so several rows can be unblocking at once; a row
 * leaves the list when the server confirms. Blocks made elsewhere and reconnects reload the list
 * behind the shown rows; an unblock made elsewhere drops its row.
 */
export const blockedMembersMachine = setup({
  types: {
    context: {} as BlockedMembersContext,
    events: {} as BlockedMembersEvent,
  },
  actors: {
    /** Effect: GET /user/blocked. */
    fetchBlocked: requiredPromise<UsersList, void>('fetchBlocked'),
    /** Effect: PUT /user/unblock/{userId}. */
    unblockMember: requiredPromise<BlockResponse, { userId: string }>('unblockMember'),
    /** Effect: blocks, unblocks and reconnects from the bus, as blockedMembers events. */
    live: requiredCallback<EventObject>(),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    setMembers: assign(({ event }) => ({ members: (event as unknown as { output: UsersList }).output.users, error: null })),
    startUnblock: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'blockedMembers.unblock') return;
      enqueue.spawnChild('unblockMember', { id: unblockId(event.userId), input: { userId: event.userId } });
      enqueue.assign({ unblocking: [...context.unblocking, event.userId] });
    }),
    /** The child has settled: stop it (a finished child stays in `children` otherwise) and free the row. */
    endUnblock: enqueueActions(({ context, event, enqueue }) => {
      const userId = unblockedIdOf(event.type);
      if (!userId) return;
      enqueue.stopChild(unblockId(userId));
      enqueue.assign({ unblocking: context.unblocking.filter((id) => id !== userId) });
    }),
    dropMember: assign(({ context, event }) => {
      const userId = event.type === 'blockedMembers.lifted' ? event.userId : unblockedIdOf(event.type);
      return userId ? { members: without(context.members, userId) } : {};
    }),
  },
  guards: {
    canUnblock: ({ context, event }) =>
      event.type === 'blockedMembers.unblock' &&
      context.members.some((m) => m._id === event.userId) &&
      !context.unblocking.includes(event.userId),
  },
}).createMachine({
  id: 'blockedMembers',
  context: { members: [], error: null, unblocking: [] },
  invoke: { id: 'live', src: 'live' },
  on: {
    // At the root: an unblock outlives a reload of the list.
    'xstate.done.actor.unblock.*': {
      actions: [{ type: 'showToast', params: ({ context, event }) => unblockToast(context, event) }, 'endUnblock', 'dropMember'],
    },
    'xstate.error.actor.unblock.*': {
      actions: [{ type: 'showToast', params: ({ context, event }) => unblockToast(context, event) }, 'endUnblock'],
    },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchBlocked',
        src: 'fetchBlocked',
        onDone: { target: 'loaded', actions: 'setMembers' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, BLOCKED_FAILED) }) },
      },
      // What is being read may already be stale: read again.
      on: { 'blockedMembers.changed': { target: 'loading', reenter: true } },
    },
    failed: {
      on: { 'blockedMembers.retry': 'loading', 'blockedMembers.changed': 'loading' },
    },
    loaded: {
      on: {
        'blockedMembers.unblock': { guard: 'canUnblock', actions: 'startUnblock' },
        'blockedMembers.lifted': { actions: 'dropMember' },
      },
      initial: 'idle',
      states: {
        idle: { on: { 'blockedMembers.changed': 'refreshing' } },
        // A reload behind the shown rows: no skeleton, and a failure keeps what is shown.
        refreshing: {
          invoke: {
            id: 'fetchBlocked',
            src: 'fetchBlocked',
            onDone: { target: 'idle', actions: 'setMembers' },
            onError: { target: 'idle' },
          },
          on: { 'blockedMembers.changed': { target: 'refreshing', reenter: true } },
        },
      },
    },
  },
});

export type BlockedMembersActorRef = ActorRefFrom<typeof blockedMembersMachine>;
export type BlockedMembersSnapshot = SnapshotFrom<typeof blockedMembersMachine>;

export const selectIsUnblocking = (s: BlockedMembersSnapshot, userId: string) => s.context.unblocking.includes(userId);
