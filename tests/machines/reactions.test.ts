import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactionChange } from '../../src/api/posts';
import { reactionsMachine, REACTION_FAILED, type ReactionsContext } from '../../src/machines/reactions.machine';
import { saveMachine, SAVE_FAILED } from '../../src/machines/save.machine';
import { whoReactedMachine } from '../../src/machines/whoReacted.machine';
import { refused, zeroCounts } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const change = (userReaction: ReactionChange['userReaction']): ReactionChange => ({
  message: 'ok',
  postId: 'p1',
  reactions: { ...zeroCounts(), ...(userReaction ? { [userReaction]: 1 } : {}) },
  userReaction,
});
const notFound = refused('Post not found');

const reactionsCoverage = new TransitionCoverage(reactionsMachine);

describe.each([null, 'like'] as const)('reactions machine (member had %s)', (mine) => {
  const model = {
    input: { postId: 'p1', mine },
    events: [
      { type: 'reaction.choose', reaction: 'like' },
      { type: 'reaction.choose', reaction: 'love' },
      { type: 'reaction.remove' },
      { type: 'xstate.done.actor.sendReaction', output: change('like') },
      { type: 'xstate.done.actor.sendReaction', output: change('love') },
      { type: 'xstate.done.actor.sendReaction', output: change(null) },
      { type: 'xstate.error.actor.sendReaction', error: notFound },
    ] as ModelEvent[],
  };
  const paths = coverPaths(reactionsMachine, model);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: unknown[] = [];
    const confirmed: ReactionChange[] = [];
    await replay(reactionsMachine, path, {
      input: model.input,
      coverage: reactionsCoverage,
      provide: {
        actions: {
          showToast: (_: unknown, toast: unknown) => void toasts.push(toast),
          confirmed: (_: unknown, c: ReactionChange) => void confirmed.push(c),
        },
      },
      afterStep: (step, actor) => {
        const context = actor.getSnapshot().context as ReactionsContext;
        if (step.event.type === 'xstate.error.actor.sendReaction') {
          // Rolled back to what the server last confirmed, with the server's message.
          expect(context.mine).toBe(context.confirmed);
          expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Post not found' });
        }
        if (step.event.type === 'xstate.done.actor.sendReaction') {
          const output = (step.event as unknown as { output: ReactionChange }).output;
          expect(confirmed.at(-1)).toEqual(output);
          expect(context.confirmed).toBe(output.userReaction);
        }
      },
    });
    expect(REACTION_FAILED).toMatch(/reaction/);
  });
});

const saveCoverage = new TransitionCoverage(saveMachine);
describe('save machine', () => {
  const model = {
    input: { postId: 'p1', saved: false },
    events: [
      { type: 'save.toggle' },
      { type: 'xstate.done.actor.toggleSaved', output: { message: 'ok', postId: 'p1', saved: true } },
      { type: 'xstate.done.actor.toggleSaved', output: { message: 'ok', postId: 'p1', saved: false } },
      { type: 'xstate.error.actor.toggleSaved', error: new Error('offline') },
    ] as ModelEvent[],
  };
  const paths = coverPaths(saveMachine, model);
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { description: string }[] = [];
    const changes: boolean[] = [];
    await replay(saveMachine, path, {
      input: model.input,
      coverage: saveCoverage,
      provide: {
        actions: {
          showToast: (_: unknown, t: { description: string }) => void toasts.push(t),
          changed: (_: unknown, p: { saved: boolean }) => void changes.push(p.saved),
        },
      },
      afterStep: (step, actor) => {
        const context = actor.getSnapshot().context as { saved: boolean; confirmed: boolean };
        if (step.event.type === 'save.toggle') expect(context.saved).toBe(!context.confirmed);
        if (step.event.type.startsWith('xstate.error')) {
          expect(context.saved).toBe(context.confirmed);
          expect(toasts.at(-1)?.description).toBe('offline');
        }
      },
    });
    expect(SAVE_FAILED).toBeTruthy();
  });
});

const whoCoverage = new TransitionCoverage(whoReactedMachine);
describe('who-reacted machine', () => {
  const model = {
    input: { postId: 'p1' },
    events: [
      { type: 'whoReacted.retry' },
      { type: 'whoReacted.tab', tab: 'love' },
      { type: 'xstate.done.actor.fetchReactions', output: { reactions: [], count: 0 } },
      { type: 'xstate.error.actor.fetchReactions', error: notFound },
    ] as ModelEvent[],
  };
  const paths = coverPaths(whoReactedMachine, model);
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(whoReactedMachine, path, { input: model.input, coverage: whoCoverage });
  });
});

afterAll(() => {
  console.log(reactionsCoverage.summary('reactions', stateCount(reactionsMachine)));
  console.log(saveCoverage.summary('save', stateCount(saveMachine)));
  console.log(whoCoverage.summary('whoReacted', stateCount(whoReactedMachine)));
  expect(reactionsCoverage.missed).toEqual([]);
  expect(saveCoverage.missed).toEqual([]);
  expect(whoCoverage.missed).toEqual([]);
});
