import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminMemberMachine, MEMBER_FAILED, type AdminMemberContext } from '../../../src/machines/admin/adminMember.machine';
import { hasMemberFailed, isMemberLoading, memberView } from '../../../src/machines/admin/adminMember.connect';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { adminMemberModel, model, serialize } from './adminMember.model';

const coverage = new TransitionCoverage(adminMemberMachine);

describe('admin member machine', () => {
  const paths = pathsOf(adminMemberModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(adminMemberMachine, path, {
      input: model.input,
      coverage,
      serialize: serialize as never,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as Parameters<typeof memberView>[0] & {
          context: AdminMemberContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const e = step.event as ModelEvent;
        // The one read asks for the member of the page.
        if (snapshot.children.fetchMember) expect(snapshot.children.fetchMember.getSnapshot().input).toEqual({ userId: 'u2' });
        expect(isMemberLoading(snapshot)).toBe(snapshot.matches('loading'));
        if (e.type === 'xstate.error.actor.fetchMember') {
          expect(hasMemberFailed(snapshot)).toBe(true);
          expect(memberView(snapshot).error).toBe('User not found');
        }
        if (e.type === 'xstate.done.actor.fetchMember') expect(memberView(snapshot).member?.user.username).toBe('ben');
      },
    });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('adminMember', stateCount(adminMemberMachine)));
    expect(coverage.missed).toEqual([]);
  });

  it('says what failed when the server gives no message', () => {
    expect(MEMBER_FAILED).toMatch(/Please try again/);
  });
});
