import type { AdminMemberSnapshot } from './adminMember.machine';

export const isMemberLoading = (s: AdminMemberSnapshot) => s.matches('loading');

export const hasMemberFailed = (s: AdminMemberSnapshot) => s.matches('failed');

/** The member as the admin area sees them (null until read), and why the read failed. */
export const memberView = (s: AdminMemberSnapshot) => ({ member: s.context.member, error: s.context.error });

/** Whether a ban or unban of the member is running (their button waits). */
export const isMemberActing = (s: AdminMemberSnapshot) => s.matches({ ready: 'acting' });

/** Which of Ban / Unban the page offers: none for an admin account. */
export const memberActions = (s: AdminMemberSnapshot) => {
  const user = s.context.member?.user;
  return { canBan: Boolean(user && !user.isBanned && user.role !== 'ADMIN'), canUnban: Boolean(user?.isBanned) };
};

/** Whether "Show more" is offered under the reports and under the posts, and which is loading. */
export const memberMore = (s: AdminMemberSnapshot) => ({
  reports: Boolean(s.context.member?.reportsNextCursor),
  posts: Boolean(s.context.member?.postsNextCursor),
  loadingReports: s.matches({ ready: 'loadingMoreReports' }),
  loadingPosts: s.matches({ ready: 'loadingMorePosts' }),
});
