import { adminMemberMachine, type AdminMemberContext, type MemberAction } from '../../../src/machines/admin/adminMember.machine';
import type { AdminActionOutput } from '../../../src/machines/admin/adminAction.machine';
import { post, refused } from '../../fixtures/streams';
import { adminMember, ben, profileReport } from './adminFixtures';
import { type MachineModel, type ModelEvent } from '../cover';

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as AdminMemberContext;
  return JSON.stringify({
    value: snapshot.value,
    member: c.member?.user._id ?? null,
    banned: c.member?.user.isBanned ?? null,
    error: c.error,
    acting: c.acting?.type ?? null,
    reports: c.member?.reports.map((r) => r._id) ?? null,
    posts: c.member?.posts.map((p) => p._id) ?? null,
  });
};

/** ben as read: banned (adminMember(), with more reports and posts to page), then not. */
export const BANNED = adminMember({ reportsNextCursor: '2025-01-01T00:00:00.000Z_pr1', postsNextCursor: '2025-01-01T00:00:00.000Z_p1' });
/** The next pages: the last report (and a repeat of one shown, left out), the last post. */
export const MORE_REPORTS = { reports: [BANNED.reports[1], profileReport('pr0', BANNED.user, { reason: 'Old' })], nextCursor: null };
export const MORE_POSTS = { posts: [post({ _id: 'p0', post: 'First post', userId: 'u2', username: 'ben' })], nextCursor: null };
export const FREE = adminMember({ user: ben, bannedBy: null });
export const unbanBen: MemberAction = { type: 'unban', userId: 'u2', username: 'ben' };
export const banBen: MemberAction = { type: 'ban', userId: 'u2', username: 'ben' };
const done = (output: AdminActionOutput) => ({ type: 'xstate.done.actor.action', output });

export const model = {
  serialize,
  input: { userId: 'u2' },
  events: [
    { type: 'member.retry' },
    { type: 'xstate.done.actor.fetchMember', output: BANNED },
    { type: 'xstate.done.actor.fetchMember', output: FREE },
    { type: 'xstate.error.actor.fetchMember', error: refused('User not found', 404) },
    { type: 'member.act', action: unbanBen },
    { type: 'member.act', action: banBen },
    // Another member's button: refused.
    { type: 'member.act', action: { type: 'ban', userId: 'u9', username: 'zed' } },
    done({ outcome: 'done', action: unbanBen, result: { message: 'Member unbanned', changes: [{ type: 'user', user: ben }] } }),
    done({ outcome: 'failed', action: unbanBen, message: 'This member is not banned' }),
    done({ outcome: 'cancelled', action: unbanBen }),
    { type: 'xstate.error.actor.action', error: new Error('boom') },
    { type: 'member.moreReports' },
    { type: 'member.morePosts' },
    { type: 'xstate.done.actor.fetchMoreReports', output: MORE_REPORTS },
    { type: 'xstate.error.actor.fetchMoreReports', error: refused('Could not load', 500) },
    { type: 'xstate.done.actor.fetchMorePosts', output: MORE_POSTS },
    { type: 'xstate.error.actor.fetchMorePosts', error: refused('Could not load', 500) },
  ] as ModelEvent[],
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as AdminMemberContext;
    // The first read answers ben banned; the read after the unban, ben free.
    if (event.type === 'xstate.done.actor.fetchMember') return event.output === (snapshot.matches('loading') ? BANNED : FREE);
    if (event.type === 'xstate.error.actor.fetchMember') return snapshot.matches('loading') || c.member?.user.isBanned === false;
    // The dialog's end answers the unban that runs.
    if (event.type === 'xstate.done.actor.action' || event.type === 'xstate.error.actor.action') return c.acting?.type === 'unban';
    if (event.type.includes('fetchMoreReports')) return snapshot.matches({ ready: 'loadingMoreReports' });
    if (event.type.includes('fetchMorePosts')) return snapshot.matches({ ready: 'loadingMorePosts' });
    return true;
  },
};

export const adminMemberModel: MachineModel = {
  name: 'adminMember',
  machine: adminMemberMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
