import type { AnyMachineSnapshot } from 'xstate';
import { outboxMachine, type OutboxContext } from '../../../src/machines/offline/outbox.machine';
import type { OutboxEntry, OutboxItem } from '../../../src/machines/offline/outbox.types';
import { noAnswer, refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const post = (clientId: string, text: string): OutboxEntry => ({
  kind: 'post',
  clientId,
  payload: { body: { post: text }, image: null },
});
export const message = (clientId: string, body: string): OutboxEntry => ({
  kind: 'chatMessage',
  clientId,
  payload: { peerId: 'u2', peerName: 'ben', isGroup: false, body, gifUrl: '', image: null, selectedImage: '' },
});
const item = (entry: OutboxEntry, order: number, state: OutboxItem['state'] = 'waiting'): OutboxItem => ({
  ...entry,
  order,
  state,
  error: null,
});

/** Written before this page: one kept waiting, one a closed tab was sending. */
export const KEPT = item(post('k1', 'kept'), 5);
export const HALF_SENT = item(message('k2', 'half sent'), 6, 'sending');
/** Written in another tab meanwhile. */
export const REMOTE = item(message('r1', 'from the other tab'), 15);
export const TOO_LONG = 'Post must not exceed 5000 characters';

const ctx = (s: AnyMachineSnapshot) => s.context as OutboxContext;

export const serialize = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  return JSON.stringify({
    value: s.value,
    userId: c.userId,
    items: c.items.map((i) => `${i.clientId}:${i.state}${i.error ? `:${i.error}` : ''}`),
    leader: c.leader,
    online: c.online,
    attempts: c.attempts,
    current: c.current?.clientId ?? null,
  });
};

/** This tab writes: two items, sent in order, through lost answers and a refusal. */
const writing = [
  { type: 'outbox.start', userId: 'u1' },
  { type: 'outbox.stop' },
  { type: 'outbox.loaded', items: [] },
  { type: 'outbox.lead' },
  { type: 'outbox.connectivity', online: false },
  { type: 'outbox.connectivity', online: true },
  { type: 'outbox.add', entry: post('a1', 'first'), at: 10 },
  { type: 'outbox.add', entry: message('a2', 'second'), at: 20 },
  { type: 'outbox.retry', clientId: 'a1' },
  { type: 'outbox.delete', clientId: 'a1' },
  { type: 'outbox.delete', clientId: 'a2' },
  { type: 'xstate.done.actor.send', output: { _id: 'stored' } },
  { type: 'xstate.error.actor.send', error: noAnswer() },
  { type: 'xstate.error.actor.send', error: refused(TOO_LONG, 400) },
] as ModelEvent[];

/** Other tabs: items kept from before (one a closed tab was sending), another tab's changes, a 5xx. */
const sharing = [
  { type: 'outbox.start', userId: 'u1' },
  { type: 'outbox.loaded', items: [KEPT, HALF_SENT] },
  { type: 'outbox.lead' },
  { type: 'outbox.add', entry: post('k1', 'kept'), at: 30 },
  { type: 'outbox.delete', clientId: 'k1' },
  { type: 'outbox.changed', change: { put: REMOTE } },
  { type: 'outbox.changed', change: { remove: 'k1' } },
  { type: 'xstate.done.actor.send', output: { _id: 'stored' } },
  { type: 'xstate.error.actor.send', error: refused('The server is restarting', 503) },
] as ModelEvent[];

const has = (s: AnyMachineSnapshot, id: string) => ctx(s).items.some((i) => i.clientId === id);

/** Bounded: each item added once and the second only after the first, one lost answer in a row, Delete and Try again on failed items only. */
const writingFilter = (s: AnyMachineSnapshot, event: ModelEvent) => {
  const c = ctx(s);
  switch (event.type) {
    case 'outbox.start':
      return c.items.length === 0;
    case 'outbox.add':
      return event.at === 10 ? !has(s, 'a1') && !has(s, 'a2') : has(s, 'a1') && !has(s, 'a2');
    case 'outbox.retry':
    case 'outbox.delete':
      return c.items.find((i) => i.clientId === event.clientId)?.state === 'failed' || (event.clientId === 'a2' && has(s, 'a2'));
    case 'xstate.error.actor.send':
      return c.attempts < 1 || (event.error as { statusCode?: number }).statusCode === 400;
    case 'outbox.connectivity':
      return c.items.length > 0 || event.online === false || !c.online;
    default:
      return true;
  }
};

const sharingFilter = (s: AnyMachineSnapshot, event: ModelEvent) => {
  const c = ctx(s);
  switch (event.type) {
    case 'outbox.changed':
      return 'put' in (event.change as object) ? !has(s, 'r1') : has(s, 'k1');
    case 'outbox.delete':
      return has(s, 'k1');
    case 'outbox.add':
      return has(s, 'k1');
    case 'xstate.error.actor.send':
      return c.attempts < 1;
    default:
      return true;
  }
};

export const outboxModel: MachineModel = {
  name: 'outbox',
  machine: outboxMachine,
  covers: [
    {
      label: 'writing',
      options: { events: writing, filter: writingFilter, serialize, input: { online: true }, ignore: ['outbox.changed'] } as never,
    },
    {
      label: 'sharing',
      options: {
        events: sharing,
        filter: sharingFilter,
        serialize,
        input: { online: true },
        ignore: ['outbox.stop', 'outbox.connectivity', 'outbox.retry'],
      } as never,
    },
  ],
};
