import type { CheckpointSnapshot } from './checkpoint.machine';

/** Not banned (any more): the ban was lifted, perhaps by an appeal, perhaps while the page was open. */
export const isNotBanned = (s: CheckpointSnapshot) => s.matches('notBanned');

export const isStandingLoading = (s: CheckpointSnapshot) => s.matches('loading') || s.matches('deciding');

/** Why the standing could not be read, shown only while that is the state. */
export const standingError = (s: CheckpointSnapshot) => (s.matches('failed') ? s.context.error : null);

/** The ban the member is under (none once it is lifted). */
export const activeBan = (s: CheckpointSnapshot) => (s.matches('banned') ? (s.context.standing?.ban ?? null) : null);

/** The member's last appeal, whichever way it went. */
export const lastAppeal = (s: CheckpointSnapshot) => s.context.standing?.appeal ?? null;

/** One open appeal per ban: while one waits the member may only look at it. */
export const canAppeal = (s: CheckpointSnapshot) => s.matches('banned') && lastAppeal(s)?.status !== 'pending';

export const isAppealPending = (s: CheckpointSnapshot) => lastAppeal(s)?.status === 'pending';

export const isAppealRejected = (s: CheckpointSnapshot) => lastAppeal(s)?.status === 'rejected';

/** The appeal is shown while the standing is known (banned, or lifted by it). */
export const shownAppeal = (s: CheckpointSnapshot) => (s.matches('banned') || s.matches('notBanned') ? lastAppeal(s) : null);

/** Banned and never appealed: the appeal page offers the first one. */
export const hasNotAppealed = (s: CheckpointSnapshot) => s.matches('banned') && lastAppeal(s) === null;

/** Banned again after a rejected appeal: the member may appeal again with more to tell. */
export const canAppealAgain = (s: CheckpointSnapshot) => s.matches('banned') && isAppealRejected(s);

/** Not banned any more because the appeal was approved. */
export const isBanLiftedByAppeal = (s: CheckpointSnapshot) => s.matches('notBanned') && lastAppeal(s)?.status === 'approved';

/** The support address shown beside the banned message, when the server has one. */
export const supportEmail = (s: CheckpointSnapshot) => (s.matches('banned') ? s.context.supportEmail : null);

/** How the appeal on screen stands, for the page's icon: null while none is shown. */
export const appealOutcome = (s: CheckpointSnapshot) => shownAppeal(s)?.status ?? null;
