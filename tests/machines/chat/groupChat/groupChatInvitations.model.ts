import { groupChatInvitationsMachine, type InvitationsContext } from '../../../../src/machines/chat/groupChat/groupChatInvitations.machine';
import { noAnswer, refused } from '../../../fixtures/streams';
import { ben, me, member, team } from './groupChatFixtures';
import { type MachineModel, type ModelEvent } from '../../cover';

const at = (minute: number) => `2025-01-02T09:${String(minute).padStart(2, '0')}:00.000Z`;
/** Ben's groups that invite Ada (pending), the older first. */
const invite = (id: string, name: string, minute: number) =>
  team({
    _id: id,
    name,
    createdBy: ben.id,
    admins: [ben.id],
    members: [member(ben, { role: 'admin' }), member(me, { state: 'pending', joinedAt: at(minute) })],
  });
const books = invite('g1', 'Books', 1);
const chess = invite('g2', 'Chess', 5);
export const joinedBooks = team({ ...books, members: [member(ben, { role: 'admin' }), member(me, { joinedAt: at(9) })] });

export const serialize = (snapshot: { value: unknown; context: unknown }) => {
  const c = snapshot.context as InvitationsContext;
  return JSON.stringify({ value: snapshot.value, pending: c.pending.map((g) => g._id), error: c.error, answer: c.answer });
};

export const model = {
  serialize,
  input: { me },
  events: [
    { type: 'xstate.done.actor.invitations', output: [books] },
    { type: 'xstate.error.actor.invitations', error: refused('Session expired, please sign in again', 401) },
    { type: 'xstate.error.actor.invitations', error: noAnswer() },
    { type: 'invitations.reconnected' },
    { type: 'invitations.accept', groupId: 'g1' },
    { type: 'invitations.decline', groupId: 'g1' },
    { type: 'invitations.accept', groupId: 'g-unknown' },
    { type: 'xstate.done.actor.answer', output: joinedBooks },
    { type: 'xstate.done.actor.answer', output: null },
    { type: 'xstate.error.actor.answer', error: refused('Invitation not found', 404) },
    // Live: a new invitation, the same group once joined elsewhere, a group deleted.
    { type: 'invitations.group', group: chess },
    { type: 'invitations.group', group: joinedBooks },
    { type: 'invitations.removed', groupId: 'g1' },
  ] as ModelEvent[],
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as InvitationsContext;
    const t = event.type;
    const asLoaded = c.pending.map((g) => g._id).join() === 'g1';
    // An accept answer only for an accept, a decline's for a decline.
    if (t === 'xstate.done.actor.answer') return (event.output === null) === (c.answer?.accept === false);
    if (t.startsWith('xstate.')) return true;
    if (t === 'invitations.group' || t === 'invitations.removed')
      return asLoaded || (snapshot.matches('loading') && c.pending.length === 0);
    if (t === 'invitations.reconnected') return asLoaded || snapshot.matches('failed') || snapshot.matches('offline');
    return asLoaded;
  },
};

export const groupChatInvitationsModel: MachineModel = {
  name: 'groupChatInvitations',
  machine: groupChatInvitationsMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
