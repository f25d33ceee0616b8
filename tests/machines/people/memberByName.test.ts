import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_LOOKUP_FAILED, memberByNameMachine, type MemberByNameContext } from '../../../src/machines/people/memberByName.machine';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { input, memberByNameModel } from './memberByName.model';

const coverage = new TransitionCoverage(memberByNameMachine);

describe('member-by-name machine', () => {
  const paths = pathsOf(memberByNameModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(memberByNameMachine, path, {
      input,
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
