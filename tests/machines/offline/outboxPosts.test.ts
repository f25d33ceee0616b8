import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../../../src/api/client';
import { publishSent, sendItem, tellPendingSent } from '../../../src/effects/offline/outbox';
import { outboxCardsFor } from '../../../src/machines/offline/outbox.connect';
import { outboxMachine, type OutboxSnapshot } from '../../../src/machines/offline/outbox.machine';
import type { OutboxEntry, OutboxItem } from '../../../src/machines/offline/outbox.types';
import { post as postFixture } from '../../fixtures/streams';
import { message, post } from './outbox.model';

const question = (clientId: string, text: string): OutboxEntry => ({
  kind: 'question',
  clientId,
  payload: { body: { post: text, privacy: 'Public' }, image: null },
});
const groupPost = (clientId: string, text: string, groupId = 'g1'): OutboxEntry => ({
  kind: 'groupPost',
  clientId,
  payload: { groupId, groupName: 'Harbour walkers', body: { post: text }, image: null },
});
const item = (entry: OutboxEntry, order: number): OutboxItem => ({ ...entry, order, state: 'waiting', error: null });

/** The outbox as the lists read it: the member u1's items in the order written. */
const snapshot = (items: OutboxItem[]) => ({ context: { userId: 'u1', items } }) as unknown as OutboxSnapshot;

describe('the pending cards of a list (outboxCardsFor)', () => {
  const items = [
    item(post('p1', 'first'), 1),
    item(message('m1', 'a message'), 2),
    item(question('q1', 'why?'), 3),
    item(post('p2', 'second'), 4),
    item(groupPost('g-a', 'in the group'), 5),
    item(groupPost('g-b', 'in another group', 'g2'), 6),
    item(groupPost('g-c', 'in the group again'), 7),
  ];
  const ids = (source: Parameters<typeof outboxCardsFor>[1]) => outboxCardsFor(snapshot(items), source).map((i) => i.clientId);

  it('puts posts on the streams and on the member’s own profile, newest written first', () => {
    expect(ids({ kind: 'streams' })).toEqual(['p2', 'p1']);
    expect(ids({ kind: 'user', userId: 'u1' })).toEqual(['p2', 'p1']);
    expect(ids({ kind: 'user', userId: 'u2' })).toEqual([]);
  });
  it('puts a group’s posts on that group’s Posts tab only, newest written first', () => {
    expect(ids({ kind: 'group', groupId: 'g1' })).toEqual(['g-c', 'g-a']);
    expect(ids({ kind: 'group', groupId: 'g2' })).toEqual(['g-b']);
    expect(ids({ kind: 'groupPending', groupId: 'g1' })).toEqual([]);
  });
  it('puts questions on the questions list, and nothing on other lists', () => {
    expect(ids({ kind: 'questions' })).toEqual(['q1']);
    for (const source of [{ kind: 'saved' }, { kind: 'photos' }, { kind: 'post', postId: 'x' }] as const) expect(ids(source)).toEqual([]);
    expect(outboxCardsFor(undefined, { kind: 'streams' })).toEqual([]);
  });
});

describe('sending a question (sendItem)', () => {
  it('asks it with its client id and answers the stored question', async () => {
    const stored = postFixture({ _id: 'q-stored', kind: 'question', post: 'why?' });
    const create = vi.fn(async () => ({ message: 'ok', post: stored }));
    const client = { questions: { create } } as unknown as ApiClient;
    expect(await sendItem(item(question('q1', 'why?'), 1), client)).toEqual(stored);
    expect(create).toHaveBeenCalledWith({ post: 'why?', privacy: 'Public', clientId: 'q1' });
  });
});

describe('what the outbox sent reaches the lists (publishSent) and the member (tellPendingSent)', () => {
  it('passes on each sent post, group post and question, not chat messages; a group post sent for review is told', async () => {
    const answers: Record<string, unknown> = {
      p1: postFixture({ _id: 'post-1' }),
      q1: postFixture({ _id: 'question-1', kind: 'question' }),
      m1: { _id: 'chat-1' },
      g1: postFixture({ _id: 'group-1', groupId: 'g1', groupStatus: 'pending' }),
      g2: postFixture({ _id: 'group-2', groupId: 'g1', groupStatus: 'accepted' }),
    };
    const outbox = createActor(
      outboxMachine.provide({
        actors: {
          store: fromCallback(({ sendBack }) => {
            sendBack({ type: 'outbox.loaded', items: [] });
            sendBack({ type: 'outbox.lead' });
            return () => {};
          }),
          send: fromPromise(async ({ input }: { input: { item: OutboxItem } }) => answers[input.item.clientId]),
        },
      }),
      { input: { online: true } },
    ).start();
    const published: unknown[] = [];
    const told: unknown[] = [];
    const stop = publishSent(outbox, (p) => published.push(p));
    const stopTelling = tellPendingSent(outbox, (toast) => told.push(toast));
    outbox.send({ type: 'outbox.start', userId: 'u1' });
    outbox.send({ type: 'outbox.add', entry: post('p1', 'first'), at: 1 });
    outbox.send({ type: 'outbox.add', entry: message('m1', 'hello'), at: 2 });
    outbox.send({ type: 'outbox.add', entry: question('q1', 'why?'), at: 3 });
    outbox.send({ type: 'outbox.add', entry: groupPost('g1', 'for review'), at: 4 });
    outbox.send({ type: 'outbox.add', entry: groupPost('g2', 'by an admin'), at: 5 });
    await vi.waitFor(() => expect(outbox.getSnapshot().context.items).toEqual([]));
    expect(published).toEqual([answers.p1, answers.q1, answers.g1, answers.g2]);
    // The composer's words for a member's group post (composer.copy.ts, POST_PENDING), once: the admin's is on the tab.
    expect(told).toEqual([{ type: 'info', description: 'Your post is waiting for a group admin' }]);
    stop();
    stopTelling();
    outbox.stop();
  });
});
