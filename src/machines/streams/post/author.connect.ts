import type { ReportActorRef } from '../../moderation/report.machine';
import type { AuthorSnapshot } from './author.machine';

/** A follow or unfollow is on its way (the button waits). */
export const isChangingFollow = (s: AuthorSnapshot) => s.matches('changingFollow');

/**
 * Whether the author shows as followed: the list holds what the server confirmed; while a change
 * is out, the member's choice shows.
 */
export const shownFollowing = (s: AuthorSnapshot, confirmed: boolean) => (isChangingFollow(s) ? s.context.following : confirmed);

/** 'Block <username>?' is asked (and stays while the block runs). */
export const isBlockAsked = (s: AuthorSnapshot) => s.matches('confirmingBlock') || s.matches('blocking');

export const isBlocking = (s: AuthorSnapshot) => s.matches('blocking');

/** The "Report post" dialog's machine while it is open (the reportForm child), else undefined. */
export const reportFormOf = (s: AuthorSnapshot) => s.children.reportForm as ReportActorRef | undefined;

/** The signed-in member wrote the post: they get edit and delete (and see a hidden post's notice as its author). */
export const isPostAuthor = (viewerId: string | null, post: { userId: string }) => viewerId !== null && viewerId === post.userId;
