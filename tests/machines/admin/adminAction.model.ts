import { BAN_REASON_MAX } from '../../../src/api/moderation';
import { adminActionMachine, type AdminAction, type AdminActionContext } from '../../../src/machines/admin/adminAction.machine';
import { refused } from '../../fixtures/streams';
import { banned, ben } from './adminFixtures';
import { type MachineModel, type ModelEvent } from '../cover';

export const serialize = (snapshot: { value: unknown; status: string; context: unknown; output?: unknown }) => {
  const c = snapshot.context as AdminActionContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    reason: c.reason,
    fieldError: c.fieldError,
    error: c.error,
    done: c.result !== null,
    output: snapshot.output ?? null,
  });
};

const LONG = 'x'.repeat(BAN_REASON_MAX + 1);
export const RESULT = { message: 'ben was banned', changes: [{ type: 'user', user: banned(ben) }] };

const modelFor = (action: AdminAction) => ({
  serialize,
  input: { action },
  events: [
    { type: 'action.reason', value: 'Spam links in every post' },
    { type: 'action.reason', value: '   ' },
    { type: 'action.reason', value: LONG },
    { type: 'xstate.done.actor.perform', output: RESULT },
    { type: 'xstate.error.actor.perform', error: refused('An admin cannot ban another admin', 403) },
  ] as ModelEvent[],
  // A reason is typed into an empty field once, and fixed once: bounded.
  filter: (snapshot: { context: unknown }, event: ModelEvent) => {
    const c = snapshot.context as AdminActionContext;
    if (event.type === 'action.reason')
      return c.reason === '' || (c.reason !== 'Spam links in every post' && event.value === 'Spam links in every post');
    if (event.type === 'action.confirm') return c.error === null || c.reason !== '';
    return true;
  },
});

const ACTIONS: AdminAction[] = [
  { type: 'ban', userId: 'u2', username: 'ben' },
  { type: 'unban', userId: 'u2', username: 'ben' },
  { type: 'appealDecision', appealId: 'ap1', username: 'ben', status: 'approved' },
  { type: 'profileReportStatus', reportId: 'r1', username: 'ben', status: 'reviewing' },
];

export const adminActionModel: MachineModel = {
  name: 'adminAction',
  machine: adminActionMachine,
  covers: ACTIONS.map((action) => ({
    label: `${action.type}${'status' in action ? ` ${action.status}` : ''}`,
    options: modelFor(action) as never,
  })),
};
