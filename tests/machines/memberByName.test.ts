import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_LOOKUP_FAILED, memberByNameMachine, type MemberByNameContext } from '../../src/machines/memberByName.machine';
import { noAnswer, refused } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const coverage = new TransitionCoverage(memberByNameMachine);

describe('member-by-name machine', () => {
  const model = {
    input: { username: 'Ada' },
    events: [
      { type: 'memberByName.retry' },
      { type: 'xstate.done.actor.findMember', output: 'u7' },
      { type: 'xstate.done.actor.findMember', output: null },
      { type: 'xstate.error.actor.findMember', error: refused('Too many requests', 429) },
      { type: 'xstate.error.actor.findMember', error: noAnswer() },
    ] as ModelEvent[],
  };
  const paths = coverPaths(memberByNameMachine, model);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(memberByNameMachine, path, {
      input: model.input,
      coverage,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot();
        const context = snapshot.context as MemberByNameContext;
        const e = step.event as ModelEvent & { output?: string | null; error?: unknown };
        // The name is looked up as typed; the server compares names whatever their case.
        if (snapshot.matches('finding')) expect(snapshot.children.findMember?.getSnapshot().input).toEqual({ username: 'Ada' });
        if (e.type === 'xstate.done.actor.findMember') {
          expect(snapshot.value).toBe(e.output ? 'found' : 'notFound');
          expect(context.userId).toBe(e.output);
          expect(snapshot.status).toBe('done');
        }
        if (e.type === 'xstate.error.actor.findMember')
          expect(context.error).toBe(e.error instanceof Error ? MEMBER_LOOKUP_FAILED : 'Too many requests');
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('memberByName', stateCount(memberByNameMachine)));
  expect(coverage.missed).toEqual([]);
});
