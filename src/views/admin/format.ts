const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const count = new Intl.NumberFormat('en');

/** '3 Mar 2025' in the admin's time zone. */
export const formatDate = (iso: string) => date.format(new Date(iso));
/** '3 Mar 2025, 14:03'. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** '1,234': the dashboard shows exact figures, not shortened ones. */
export const formatCount = (n: number) => count.format(n);
/** '1 post', '3 posts'. */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A member's profile in the member area (spec: /app/social/profile/<username>?id=<_id>). */
export const profileHref = (member: { _id: string; username: string }) =>
  `~/app/social/profile/${encodeURIComponent(member.username)}?${new URLSearchParams({ id: member._id })}`;

/** A member's admin page (their account, reports, posts and audit log): /admin/members/<_id>. */
export const memberHref = (member: { _id: string }) => `~/admin/members/${encodeURIComponent(member._id)}`;

/** The audit log about one member or post (its target filter, kept in the address). */
export const auditHref = (targetId: string) => `~/admin/audit?${new URLSearchParams({ target: targetId })}`;
