import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  adminMemberMachine,
  MEMBER_FAILED,
  MORE_POSTS_FAILED,
  MORE_REPORTS_FAILED,
  type AdminMemberContext,
} from '../../../src/machines/admin/adminMember.machine';
import {
  hasMemberFailed,
  isMemberActing,
  isMemberLoading,
  memberActions,
  memberMore,
  memberView,
} from '../../../src/machines/admin/adminMember.connect';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { adminMemberModel, BANNED, FREE, model, serialize } from './adminMember.model';
import { adminMember, otherAdmin } from './adminFixtures';

const coverage = new TransitionCoverage(adminMemberMachine);

describe('admin member machine', () => {
  const paths = pathsOf(adminMemberModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: string[] = [];
    await replay(adminMemberMachine, path, {
      input: model.input,
      coverage,
      serialize: serialize as never,
      provide: { actions: { showToast: (_: unknown, t: { description: string }) => void toasts.push(t.description) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as Parameters<typeof memberView>[0] & {
          context: AdminMemberContext;
          children: Record<string, { getSnapshot(): unknown } | undefined>;
        };
        const e = step.event as ModelEvent;
        expect(isMemberLoading(snapshot)).toBe(snapshot.matches('loading'));
        expect(isMemberActing(snapshot)).toBe(snapshot.matches({ ready: 'acting' }));
        if (e.type === 'xstate.error.actor.fetchMember' && snapshot.matches('failed')) {
          expect(hasMemberFailed(snapshot)).toBe(true);
          expect(memberView(snapshot).error).toBe('User not found');
        }
        // Another member's button, or a ban of the banned, opens nothing.
        if (e.type === 'member.act' && (e.action as { userId: string }).userId === 'u9')
          expect(snapshot.context.acting?.userId).not.toBe('u9');
        if (e.type === 'xstate.done.actor.action') {
          const outcome = (e.output as { outcome: string }).outcome;
          if (outcome === 'done') {
            // The account changes at once, and the page is read again behind it.
            expect(memberView(snapshot).member?.user.isBanned).toBe(false);
            expect(snapshot.matches({ ready: 'refreshing' })).toBe(true);
            expect(toasts.at(-1)).toBe('Member unbanned');
          }
          if (outcome === 'failed') expect(toasts.at(-1)).toBe('This member is not banned');
        }
        if (e.type === 'xstate.error.actor.action') expect(toasts.at(-1)).toMatch(/Please try again/);
        const more = memberMore(snapshot);
        expect(more.loadingReports).toBe(snapshot.matches({ ready: 'loadingMoreReports' }));
        expect(more.loadingPosts).toBe(snapshot.matches({ ready: 'loadingMorePosts' }));
        expect(more.reports).toBe(Boolean(snapshot.context.member?.reportsNextCursor));
        // A next page is appended, a repeat left out, and "Show more" goes with its cursor.
        if (e.type === 'xstate.done.actor.fetchMoreReports') {
          expect(snapshot.context.member?.reports.map((r) => r._id)).toEqual(['pr2', 'pr1', 'pr0']);
          expect(more.reports).toBe(false);
        }
        if (e.type === 'xstate.done.actor.fetchMorePosts') {
          expect(snapshot.context.member?.posts.map((p) => p._id)).toEqual(['p2', 'p1', 'p0']);
          expect(more.posts).toBe(false);
        }
        if (e.type === 'xstate.error.actor.fetchMoreReports') expect(toasts.at(-1)).toBe(MORE_REPORTS_FAILED);
        if (e.type === 'xstate.error.actor.fetchMorePosts') expect(toasts.at(-1)).toBe(MORE_POSTS_FAILED);
      },
    });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('adminMember', stateCount(adminMemberMachine)));
    expect(coverage.missed).toEqual([]);
  });

  it('offers Ban to a member, Unban to the banned, and neither for an admin account', async () => {
    const offered = async (answer = BANNED) => {
      const actor = createActor(adminMemberMachine.provide({ actors: { fetchMember: fromPromise(async () => answer) } }), {
        input: { userId: answer.user._id },
      }).start();
      await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
      return memberActions(actor.getSnapshot());
    };
    vi.useRealTimers();
    expect(await offered(BANNED)).toEqual({ canBan: false, canUnban: true });
    expect(await offered(FREE)).toEqual({ canBan: true, canUnban: false });
    expect(await offered(adminMember({ user: otherAdmin, bannedBy: null }))).toEqual({ canBan: false, canUnban: false });
    expect(MEMBER_FAILED).toMatch(/Please try again/);
  });
});
