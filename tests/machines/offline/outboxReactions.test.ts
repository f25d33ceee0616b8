import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import type { ReactionType } from '../../../src/api/constants';
import type { ApiClient } from '../../../src/api/client';
import { sendItem } from '../../../src/effects/offline/outbox';
import { reactionsSent } from '../../../src/effects/streams/reactionsSent';
import { outboxReactionFor } from '../../../src/machines/offline/outbox.connect';
import { outboxMachine, type OutboxContext, type OutboxStoreCommand } from '../../../src/machines/offline/outbox.machine';
import { reactionClientId, type OutboxEntry, type OutboxItem } from '../../../src/machines/offline/outbox.types';
import { noAnswer, refused } from '../../fixtures/streams';
import { describePath, pathsOf, replay, TransitionCoverage, type MachineModel, type ModelEvent } from '../model';
import { post } from './outbox.model';

/** The member's wish for their reaction on post p1: one outbox item, replaced by a newer wish. */
const wish = (reaction: ReactionType | null): OutboxEntry => ({
  kind: 'reaction',
  clientId: reactionClientId('p1'),
  payload: { postId: 'p1', reaction },
});
const ID = reactionClientId('p1');
const ctx = (s: AnyMachineSnapshot) => s.context as OutboxContext;
const serialize = (s: AnyMachineSnapshot) =>
  JSON.stringify({
    value: s.value,
    items: ctx(s).items.map((i) => `${i.clientId}:${i.state}:${i.order}:${i.kind === 'reaction' ? i.payload.reaction : ''}`),
    attempts: ctx(s).attempts,
    current: ctx(s).current ? `${ctx(s).current!.clientId}:${ctx(s).current!.order}` : null,
  });

/** A post written first, then three wishes on p1 (like, none, love), sent through lost answers, refusals and answers. */
const events = [
  { type: 'outbox.start', userId: 'u1' },
  { type: 'outbox.loaded', items: [] },
  { type: 'outbox.lead' },
  { type: 'outbox.add', entry: post('a1', 'first'), at: 5 },
  { type: 'outbox.add', entry: wish('like'), at: 10 },
  { type: 'outbox.add', entry: wish(null), at: 10 },
  { type: 'outbox.add', entry: wish('love'), at: 30 },
  { type: 'outbox.delete', clientId: ID },
  { type: 'xstate.done.actor.send', output: { stored: true } },
  { type: 'xstate.error.actor.send', error: noAnswer() },
  { type: 'xstate.error.actor.send', error: refused('Post not found', 404) },
] as ModelEvent[];

/** Bounded: the wishes in the order written, each once; one lost answer in a row. */
const filter = (s: AnyMachineSnapshot, event: ModelEvent) => {
  const c = ctx(s);
  const reaction = c.items.find((i) => i.clientId === ID) ?? (c.current?.clientId === ID ? c.current : undefined);
  const last = reaction?.kind === 'reaction' ? reaction.payload.reaction : undefined;
  switch (event.type) {
    case 'outbox.add': {
      const entry = event.entry as OutboxEntry;
      if (entry.kind !== 'reaction') return c.items.length === 0 && c.current === null;
      const next = entry.payload.reaction;
      // like first (after the post is in), then none, then love.
      if (next === 'like') return c.items.some((i) => i.clientId === 'a1') && reaction === undefined;
      if (next === null) return last === 'like';
      return last === null;
    }
    case 'outbox.delete':
      return c.items.some((i) => i.clientId === ID && i.state === 'failed');
    case 'xstate.error.actor.send':
      return c.attempts < 1 || (event.error as { statusCode?: number }).statusCode === 404;
    default:
      return true;
  }
};

const model: MachineModel = {
  name: 'outbox',
  machine: outboxMachine,
  covers: [
    {
      label: 'wishes',
      options: { events, filter, serialize, input: { online: true }, ignore: ['outbox.changed', 'outbox.stop', 'outbox.retry'] } as never,
    },
  ],
};

const coverage = new TransitionCoverage(outboxMachine);

describe('outbox machine (reaction wishes)', () => {
  const paths = pathsOf(model, 'wishes');
  beforeEach(() => void vi.useFakeTimers());

  it('walks a bounded graph', () => {
    console.log(`outbox (wishes): ${paths.length} cover paths`);
    expect(paths.length).toBeGreaterThan(5);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const kept = new Map<string, OutboxItem>();
    const sent: { item: OutboxItem }[] = [];
    let listening: AnyActorRef | null = null;
    await replay(outboxMachine, path, {
      input: { online: true },
      coverage,
      serialize: serialize as never,
      provide: {
        actors: {
          store: fromCallback<OutboxStoreCommand>(({ receive }) => {
            receive((command) => {
              if (command.type === 'store.put') kept.set(command.item.clientId, command.item);
              else kept.delete(command.clientId);
            });
          }),
        },
      },
      afterStep: (step, actor) => {
        if (listening !== actor) {
          listening = actor;
          actor.on('outbox.sent', (e) => void sent.push(e as { item: OutboxItem }));
        }
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        const c = ctx(snapshot);
        const e = step.event as ModelEvent;
        const index = path.steps.indexOf(step);
        const before = index > 0 ? ctx(path.steps[index - 1].state) : null;
        // What is kept is what is shown; in order; one item per post.
        expect([...kept.values()].sort((a, b) => a.order - b.order).map((i) => `${i.clientId}:${i.state}:${i.order}`)).toEqual(
          c.items.map((i) => `${i.clientId}:${i.state}:${i.order}`),
        );
        expect(c.items.map((i) => i.order)).toEqual([...c.items.map((i) => i.order)].sort((a, b) => a - b));
        expect(c.items.filter((i) => i.clientId === ID).length).toBeLessThanOrEqual(1);
        const mine = c.items.find((i) => i.clientId === ID);
        if (e.type === 'outbox.add' && (e.entry as OutboxEntry).kind === 'reaction') {
          // The newest wish replaces the kept one, waits, and goes last (after what was written before it).
          expect(mine?.kind === 'reaction' && mine.payload.reaction).toBe((e.entry as { payload: { reaction: unknown } }).payload.reaction);
          expect(mine?.state === 'waiting' || mine?.state === 'sending').toBe(true);
          const old = before!.items.find((i) => i.clientId === ID);
          if (old) expect(mine!.order).toBeGreaterThan(old.order);
          // Added while its older wish is out: that one is still being sent; this one waits for its turn.
          if (before!.current?.clientId === ID) {
            expect(c.current?.order).toBe(before!.current.order);
            expect(mine!.state).toBe('waiting');
          }
        }
        if (e.type === 'xstate.done.actor.send' || e.type === 'xstate.error.actor.send') {
          const out = before!.current!;
          const replaced = before!.items.find((i) => i.clientId === out.clientId);
          if (replaced && replaced.order !== out.order) {
            // A newer wish came while this one was out: whatever the answer, the newer one stays, waiting, to go next.
            expect(mine).toMatchObject({ order: replaced.order, state: expect.stringMatching(/waiting|sending/) });
            expect(mine!.kind === 'reaction' && replaced.kind === 'reaction' && mine!.payload.reaction).toBe(
              replaced.kind === 'reaction' && replaced.payload.reaction,
            );
          } else if (e.type === 'xstate.done.actor.send') expect(c.items.some((i) => i.clientId === out.clientId)).toBe(false);
        }
        if (e.type === 'xstate.done.actor.send') expect(sent.at(-1)?.item).toEqual(before!.current);
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('outbox (wishes)', 0));
});

describe('reaction wishes in the outbox', () => {
  const start = (send: (item: OutboxItem) => Promise<unknown>) => {
    const actor = createActor(
      outboxMachine.provide({
        actors: {
          store: fromCallback(() => {}),
          send: fromPromise(({ input }: { input: { item: OutboxItem } }) => send(input.item)),
        },
      }),
      { input: { online: true } },
    ).start();
    actor.send({ type: 'outbox.start', userId: 'u1' });
    actor.send({ type: 'outbox.loaded', items: [] });
    return actor;
  };

  it('sends the newer wish after the one that was out when it came, once each, in that order', async () => {
    const answers: ((value: unknown) => void)[] = [];
    const went: (ReactionType | null)[] = [];
    const actor = start(
      (item) =>
        new Promise((resolve) => {
          if (item.kind === 'reaction') went.push(item.payload.reaction);
          answers.push(resolve);
        }),
    );
    actor.send({ type: 'outbox.add', entry: wish('like'), at: 10 });
    actor.send({ type: 'outbox.lead' });
    expect(actor.getSnapshot().context.current?.payload).toEqual({ postId: 'p1', reaction: 'like' });
    actor.send({ type: 'outbox.add', entry: wish(null), at: 10 });
    expect(outboxReactionFor(actor.getSnapshot(), 'p1')?.state).toBe('waiting');
    answers[0]!({ userReaction: 'like' });
    await vi.waitFor(() => expect(went).toEqual(['like', null]));
    answers[1]!({ userReaction: null });
    await vi.waitFor(() => expect(actor.getSnapshot().context.items).toEqual([]));
    expect(went).toEqual(['like', null]);
    actor.stop();
  });

  it('a newer wish takes the place of a refused one, and goes', async () => {
    const went: (ReactionType | null)[] = [];
    let refuse = true;
    const actor = start(async (item) => {
      if (item.kind === 'reaction') went.push(item.payload.reaction);
      if (refuse) throw refused('Post not found', 404);
      return {};
    });
    actor.send({ type: 'outbox.lead' });
    actor.send({ type: 'outbox.add', entry: wish('like'), at: 10 });
    await vi.waitFor(() => expect(outboxReactionFor(actor.getSnapshot(), 'p1')?.state).toBe('failed'));
    refuse = false;
    actor.send({ type: 'outbox.add', entry: wish('love'), at: 20 });
    await vi.waitFor(() => expect(actor.getSnapshot().context.items).toEqual([]));
    expect(went).toEqual(['like', 'love']);
    actor.stop();
  });

  it('two tabs: the sender’s removal of the wish it sent leaves the newer wish another tab wrote meanwhile', () => {
    // This tab is not the sender: it wrote a newer wish while the sender's older one was out.
    const actor = start(() => new Promise(() => {}));
    actor.send({ type: 'outbox.add', entry: wish('like'), at: 10 });
    const older = actor.getSnapshot().context.items[0]!;
    actor.send({ type: 'outbox.add', entry: wish('love'), at: 30 });
    const newer = actor.getSnapshot().context.items[0]!;
    expect(newer.order).toBeGreaterThan(older.order);
    // The sender's answer came for the older wish: its removal names that order, and takes nothing here.
    actor.send({ type: 'outbox.changed', change: { remove: ID, order: older.order } });
    expect(actor.getSnapshot().context.items).toEqual([newer]);
    // Once the newer one is sent, its removal takes it.
    actor.send({ type: 'outbox.changed', change: { remove: ID, order: newer.order } });
    expect(actor.getSnapshot().context.items).toEqual([]);
    actor.stop();
  });

  it('any other item handed over again is the same send, kept once', () => {
    const actor = start(() => new Promise(() => {}));
    actor.send({ type: 'outbox.add', entry: post('a1', 'first'), at: 10 });
    actor.send({ type: 'outbox.add', entry: post('a1', 'first again'), at: 20 });
    expect(actor.getSnapshot().context.items.map((i) => [i.clientId, i.order])).toEqual([['a1', 10]]);
    actor.stop();
  });
});

describe('sending a reaction wish (sendItem)', () => {
  const item = (reaction: ReactionType | null): OutboxItem => ({ ...wish(reaction), order: 1, state: 'sending', error: null });
  const change = { message: 'ok', postId: 'p1', reactions: {}, userReaction: 'love' };

  it('sets a type with POST /post/reaction and removes none with DELETE, answering the server’s counts', async () => {
    const react = vi.fn(async () => change);
    const remove = vi.fn(async () => ({ ...change, userReaction: null }));
    const client = { reactions: { react, remove } } as unknown as ApiClient;
    expect(await sendItem(item('love'), client)).toEqual(change);
    expect(react).toHaveBeenCalledWith({ postId: 'p1', type: 'love' });
    expect(await sendItem(item(null), client)).toEqual({ ...change, userReaction: null });
    expect(remove).toHaveBeenCalledWith('p1');
  });

  it('takes a 404 to a removal as done (the reaction is already gone); any other refusal stands', async () => {
    const gone = { reactions: { remove: vi.fn(async () => Promise.reject(refused('Post not found', 404))) } } as unknown as ApiClient;
    expect(await sendItem(item(null), gone)).toBeNull();
    const refusedSet = {
      reactions: { react: vi.fn(async () => Promise.reject(refused('Post not found', 404))) },
    } as unknown as ApiClient;
    await expect(sendItem(item('like'), refusedSet)).rejects.toMatchObject({ statusCode: 404 });
    const down = { reactions: { remove: vi.fn(async () => Promise.reject(refused('Restarting', 503))) } } as unknown as ApiClient;
    await expect(sendItem(item(null), down)).rejects.toMatchObject({ statusCode: 503 });
  });
});

describe('a page read while a wish was stored (reactionsSent)', () => {
  // When each answer came is the clock's: the real one here.
  beforeEach(() => void vi.useRealTimers());
  /** An outbox that answers each send with `answer` (null: a removal found nothing, as `sendItem` says a 404). */
  const outboxAnswering = (answer: unknown) => {
    const actor = createActor(
      outboxMachine.provide({
        actors: { store: fromCallback(() => {}), send: fromPromise<unknown, { item: OutboxItem }>(async () => answer) },
      }),
      { input: { online: true } },
    ).start();
    actor.send({ type: 'outbox.start', userId: 'u1' });
    actor.send({ type: 'outbox.loaded', items: [] });
    return actor;
  };
  const sendWish = async (actor: ReturnType<typeof outboxAnswering>, reaction: ReactionType | null) => {
    actor.send({ type: 'outbox.add', entry: wish(reaction), at: 10 });
    actor.send({ type: 'outbox.lead' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.items).toEqual([]));
  };

  it('takes the answers that came after it was asked for, not older ones; drops them once no page needs them', async () => {
    const change = { message: 'ok', postId: 'p1', reactions: { like: 1 }, userReaction: 'like' };
    const actor = outboxAnswering(change);
    const sent = reactionsSent(actor);
    const stale = { posts: [listedPost('p1'), listedPost('p2')], nextCursor: null };
    // An answer with no page being read is not kept (nor is the outbox listened to).
    await sendWish(actor, 'like');
    expect(sent.size).toBe(0);

    const before = sent.ask();
    const other = sent.ask();
    await sendWish(actor, 'like');
    expect(sent.size).toBe(1);
    const taken = before.take(stale as never);
    expect(taken.posts.map((p) => [p._id, p.userReaction, p.reactions])).toEqual([
      ['p1', 'like', { like: 1 }],
      ['p2', null, {}],
    ]);
    // The other page still being read still needs it; a page asked for after the answer came has it from the server already.
    expect(sent.size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const after = sent.ask();
    other.end();
    // Taken, or failed (`end`): the answer goes once no page asked before it is read.
    expect(sent.size).toBe(0);
    expect(after.take(stale as never)).toBe(stale);
    actor.stop();
  });

  it('a removal answered 404 takes the member’s reaction off a page read before it, and its count', async () => {
    const actor = outboxAnswering(null);
    const sent = reactionsSent(actor);
    const asked = sent.ask();
    await sendWish(actor, null);
    const liked = { posts: [{ _id: 'p1', userReaction: 'like', reactions: { like: 2, love: 1 } }], nextCursor: null };
    expect(asked.take(liked as never).posts).toEqual([{ _id: 'p1', userReaction: null, reactions: { like: 1, love: 1 } }]);
    actor.stop();
  });

  it('listens to the outbox only while a page is read', () => {
    const unsubscribe = vi.fn();
    const on = vi.fn(() => ({ unsubscribe }));
    const sent = reactionsSent({ on } as never);
    expect(on).not.toHaveBeenCalled();
    const first = sent.ask();
    const second = sent.ask();
    expect(on).toHaveBeenCalledTimes(1);
    first.end();
    expect(unsubscribe).not.toHaveBeenCalled();
    second.take({ posts: [], nextCursor: null } as never);
    second.end();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    sent.ask().end();
    expect(on).toHaveBeenCalledTimes(2);
    expect(unsubscribe).toHaveBeenCalledTimes(2);
  });
});
const listedPost = (_id: string) => ({ _id, userReaction: null, reactions: {} });
