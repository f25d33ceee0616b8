import { groupChatManageMachine, type ManageContext } from '../../../../src/machines/chat/groupChat/groupChatManage.machine';
import { refused } from '../../../fixtures/streams';
import { ben, cleo, me, member, team } from './groupChatFixtures';
import { type MachineModel, type ModelEvent } from '../../cover';

const dana = { id: 'u4', username: 'dana' };
export const danaFound = { _id: dana.id, username: dana.username, avatarColor: '#1d4ed8', profilePicture: '' };
const renamed = team({ name: 'Team Two' });
export const withDana = team({ members: [...team().members, member(dana, { state: 'pending' })] });

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as ManageContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    name: c.groupName,
    draft: c.nameDraft,
    ids: c.memberIds,
    nameError: c.nameError,
    error: c.error,
    request: c.request,
  });
};

/** What each request sends (the input of the request actor). */
export const REQUESTS: Record<string, unknown> = {
  'manage.rename': { kind: 'rename', name: 'Team Two', groupId: 'g1' },
  'manage.invite': { kind: 'invite', userId: 'u4', username: 'dana', groupId: 'g1' },
  'manage.promote': { kind: 'promote', userId: 'u2', username: 'ben', groupId: 'g1' },
  'manage.remove': { kind: 'remove', userId: 'u3', username: 'cleo', groupId: 'g1' },
  'manage.delete': { kind: 'delete', groupId: 'g1' },
  'manage.leave': { kind: 'leave', groupId: 'g1' },
};
export const TOASTS: Record<string, string> = {
  rename: 'Group renamed to Team Two',
  invite: 'dana invited',
  promote: 'ben is now an admin',
  remove: 'cleo removed from the group',
  delete: 'Team deleted',
  leave: 'You left Team',
};

export const model = {
  serialize,
  input: { me, group: team() },
  events: [
    { type: 'manage.nameChange', name: '  Team Two ' },
    { type: 'manage.nameChange', name: 'T!' },
    { type: 'manage.invite', user: danaFound },
    { type: 'manage.promote', member: { userId: ben.id, username: ben.username } },
    { type: 'manage.remove', member: { userId: cleo.id, username: cleo.username } },
    { type: 'xstate.done.actor.request', output: null },
    { type: 'xstate.done.actor.request', output: renamed },
    { type: 'xstate.done.actor.request', output: withDana },
    { type: 'xstate.done.actor.request', output: team() },
    { type: 'xstate.error.actor.request', error: refused('Only group admins can do that', 403) },
  ] as ModelEvent[],
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as ManageContext;
    const t = event.type;
    if (t === 'xstate.done.actor.request') {
      // Each request is answered as the server would: nothing for delete/leave, the group as changed otherwise.
      const kind = c.request?.kind;
      const expected = kind === 'delete' || kind === 'leave' ? null : kind === 'rename' ? renamed : kind === 'invite' ? withDana : team();
      return event.output === expected;
    }
    if (t.startsWith('xstate.')) return true;
    // One keystroke, then the rest from there.
    if (t === 'manage.nameChange')
      return c.nameDraft === 'Team' && c.groupName === 'Team' && c.nameError === null && snapshot.matches('idle');
    // Renaming to the same name is what the disabled button prevents.
    if (t === 'manage.rename' && c.nameDraft === 'Team') return false;
    // A new request only from the panel as it opened (a refusal shown is fine).
    return c.groupName === 'Team' && c.memberIds.length === 3 && (c.nameError === null || t === 'manage.rename');
  },
};

export const groupChatManageModel: MachineModel = {
  name: 'groupChatManage',
  machine: groupChatManageMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
