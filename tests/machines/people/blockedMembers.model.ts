import type { UserSummary } from '../../../src/api/users/follows';
import { blockedMembersMachine, unblockedIdOf, type BlockedMembersContext } from '../../../src/machines/people/blockedMembers.machine';
import { refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const member = (id: string, username: string): UserSummary => ({
  _id: id,
  username,
  avatarColor: '#1e88e5',
  avatarImage: '',
  profilePicture: '',
});
export const ben = member('u2', 'ben');
export const cy = member('u3', 'cy');
const LIST = { users: [ben, cy], count: 2 };
export const unblocked = (userId: string) => ({ message: 'Unblocked successfully', userId, blocked: false });

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as BlockedMembersContext;
  return JSON.stringify({ value: snapshot.value, members: c.members.map((m) => m._id), unblocking: c.unblocking, error: c.error });
};

type Snap = { context: unknown; matches(v: unknown): boolean };
export const ctx = (s: Snap) => s.context as BlockedMembersContext;
const pristine = (c: BlockedMembersContext) => c.members.map((m) => m._id).join() === 'u2,u3';

const model = {
  serialize,
  events: [
    { type: 'xstate.done.actor.fetchBlocked', output: LIST },
    { type: 'xstate.error.actor.fetchBlocked', error: refused('Too many requests', 429) },
    { type: 'blockedMembers.unblock', userId: 'u2' },
    { type: 'blockedMembers.unblock', userId: 'u3' },
    // Not on the list (a stale button): refused by the guard.
    { type: 'blockedMembers.unblock', userId: 'u9' },
    { type: 'blockedMembers.lifted', userId: 'u3' },
    { type: 'xstate.done.actor.unblock.u2', output: unblocked('u2') },
    { type: 'xstate.error.actor.unblock.u2', error: refused('User not found', 404) },
    { type: 'xstate.done.actor.unblock.u3', output: unblocked('u3') },
    { type: 'xstate.error.actor.unblock.u3', error: {} },
  ] as ModelEvent[],
  // Bounds the model: reloads from the full list with nothing in flight; the lifted message
  // while cy is listed; at most two unblocks at once; an unblock settles only while it runs.
  filter: (snapshot: Snap, event: ModelEvent) => {
    const c = ctx(snapshot);
    const settled = unblockedIdOf(event.type);
    if (settled) return c.unblocking.includes(settled);
    switch (event.type) {
      case 'blockedMembers.changed':
        return c.unblocking.length === 0 && (!snapshot.matches('loaded') || pristine(c));
      case 'blockedMembers.lifted':
        return c.members.some((m) => m._id === 'u3');
      case 'blockedMembers.unblock':
        return event.userId === 'u9' ? pristine(c) && c.unblocking.length === 0 : c.unblocking.length < 2;
      default:
        return true;
    }
  },
};

export const blockedMembersModel: MachineModel = {
  name: 'blockedMembers',
  machine: blockedMembersMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
