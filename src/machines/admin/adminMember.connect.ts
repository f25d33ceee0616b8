import type { AdminMemberSnapshot } from './adminMember.machine';

export const isMemberLoading = (s: AdminMemberSnapshot) => s.matches('loading');

export const hasMemberFailed = (s: AdminMemberSnapshot) => s.matches('failed');

/** The member as the admin area sees them (null until read), and why the read failed. */
export const memberView = (s: AdminMemberSnapshot) => ({ member: s.context.member, error: s.context.error });
