import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ReactionChange } from '../../../../src/api/posts';
import { authorMachine, BLOCK_FAILED, FOLLOW_FAILED, type AuthorContext } from '../../../../src/machines/streams/post/author.machine';
import { reactionsMachine, REACTION_FAILED, type ReactionsContext } from '../../../../src/machines/streams/post/reactions.machine';
import { saveMachine, SAVE_FAILED } from '../../../../src/machines/streams/post/save.machine';
import { whoReactedMachine } from '../../../../src/machines/streams/post/whoReacted.machine';
import type { OutboxHandOff } from '../../../../src/machines/offline/outbox.types';
import { goesToOutbox } from '../../../../src/machines/offline/outbox.handoff';
import { coverOf, pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../../model';
import { authorModel, reactionsModel, saveModel, whoReactedModel } from './reactions.model';

const reactionsCoverage = new TransitionCoverage(reactionsMachine);

describe.each([null, 'like'] as const)('reactions machine (member had %s)', (mine) => {
  const model = coverOf(reactionsModel, `member had ${mine}`).options;
  const paths = pathsOf(reactionsModel, `member had ${mine}`);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: unknown[] = [];
    const confirmed: ReactionChange[] = [];
    const handed: OutboxHandOff[] = [];
    await replay(reactionsMachine, path, {
      input: model.input,
      coverage: reactionsCoverage,
      provide: {
        actions: {
          showToast: (_: unknown, toast: unknown) => void toasts.push(toast),
          confirmed: (_: unknown, c: ReactionChange) => void confirmed.push(c),
          toOutbox: (_: unknown, h: OutboxHandOff) => void handed.push(h),
        },
      },
      afterStep: (step, actor) => {
        const context = actor.getSnapshot().context as ReactionsContext;
        const index = path.steps.indexOf(step);
        const before = index > 0 ? (path.steps[index - 1].state.context as ReactionsContext) : null;
        const e = step.event as ModelEvent;
        if (e.type === 'xstate.error.actor.sendReaction' && goesToOutbox(e.error)) {
          // No server: the member's choice stays on screen and waits in the outbox, one item per post.
          expect(context.mine).toBe(before!.mine);
          expect(handed.at(-1)).toEqual({ kind: 'reaction', clientId: 'reaction:p1', payload: { postId: 'p1', reaction: before!.mine } });
          expect(toasts).toEqual([]);
          expect(actor.getSnapshot().value).toBe('idle');
        } else if (e.type === 'xstate.error.actor.sendReaction') {
          // Refused: rolled back to what the server last confirmed, with the server's message; nothing queued.
          expect(context.mine).toBe(context.confirmed);
          expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Post not found' });
          expect(handed.length).toBe(path.steps.slice(1, index).filter((s) => goesToOutbox((s.event as ModelEvent).error)).length);
        }
        if (e.type === 'reaction.wish' && before && actor.getSnapshot().matches('idle')) {
          // Shown as the outbox holds it; the server's counts stay where they were.
          expect(context.mine).toBe(e.reaction);
          expect(context.confirmed).toBe(before.confirmed);
        }
        if (e.type === 'reaction.sent') {
          // The outbox's answer moves the list's counts as the machine's own would.
          expect(confirmed.at(-1)).toEqual(e.change);
          expect(context.confirmed).toBe((e.change as ReactionChange).userReaction);
          if (actor.getSnapshot().matches('saving')) expect(context.mine).toBe(before!.mine);
          else expect(context.mine).toBe((e.change as ReactionChange).userReaction);
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
  const model = coverOf(saveModel, 'all transitions').options;
  const paths = pathsOf(saveModel, 'all transitions');
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
  const model = coverOf(whoReactedModel, 'all transitions').options;
  const paths = pathsOf(whoReactedModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(whoReactedMachine, path, { input: model.input, coverage: whoCoverage });
  });
});

const authorCoverage = new TransitionCoverage(authorMachine);
describe('author menu machine', () => {
  const model = coverOf(authorModel, 'all transitions').options;
  const paths = pathsOf(authorModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    const follows: { userId: string; following: boolean }[] = [];
    const blocks: string[] = [];
    await replay(authorMachine, path, {
      input: model.input,
      coverage: authorCoverage,
      provide: {
        actions: {
          showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t),
          followChanged: (_: unknown, c: { userId: string; following: boolean }) => void follows.push(c),
          blocked: (_: unknown, c: { userId: string }) => void blocks.push(c.userId),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot();
        const context = snapshot.context as AuthorContext;
        const e = step.event as ModelEvent & { following?: boolean; output?: { following: boolean } };
        // Optimistic: the member's choice shows while the request is out.
        if (e.type === 'author.toggleFollow') {
          expect(context.following).toBe(!e.following);
          expect(snapshot.children.changeFollow?.getSnapshot().input).toEqual({ userId: 'u2', follow: !e.following });
        }
        if (e.type === 'xstate.done.actor.changeFollow') expect(follows.at(-1)).toEqual({ userId: 'u2', following: e.output!.following });
        if (e.type === 'xstate.error.actor.changeFollow') {
          // Rolled back, with the server's message; nothing announced.
          expect(toasts.at(-1)).toEqual({ type: 'error', description: 'You cannot follow this member' });
          expect(follows).toEqual([]);
        }
        // Nothing is blocked before the member confirmed and the server agreed.
        if (e.type === 'xstate.done.actor.blockMember') expect(blocks).toEqual(['u2']);
        else expect(blocks).toEqual([]);
        if (e.type === 'xstate.error.actor.blockMember') expect(toasts.at(-1)).toEqual({ type: 'error', description: 'User not found' });
        // The report dialog runs as a child about this very post, and closes back to the menu.
        if (e.type === 'author.report') {
          expect(snapshot.value).toBe('reporting');
          expect(snapshot.children.reportForm?.getSnapshot().input).toEqual({ subject: { kind: 'post', postId: 'p7' }, username: 'bob' });
        }
        if (e.type === 'xstate.done.actor.reportForm') expect(snapshot.value).toBe('idle');
      },
    });
    expect(FOLLOW_FAILED && BLOCK_FAILED).toBeTruthy();
  });
});

describe('author menu machine on a person row', () => {
  it('offers no report: there is no post to report', () => {
    const actor = createActor(authorMachine, { input: { userId: 'u2', username: 'bob' } }).start();
    actor.send({ type: 'author.report' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.postId).toBeNull();
    actor.stop();
  });
});

afterAll(() => {
  console.log(authorCoverage.summary('author', stateCount(authorMachine)));
  expect(authorCoverage.missed).toEqual([]);
  console.log(reactionsCoverage.summary('reactions', stateCount(reactionsMachine)));
  console.log(saveCoverage.summary('save', stateCount(saveMachine)));
  console.log(whoCoverage.summary('whoReacted', stateCount(whoReactedMachine)));
  expect(reactionsCoverage.missed).toEqual([]);
  expect(saveCoverage.missed).toEqual([]);
  expect(whoCoverage.missed).toEqual([]);
});
