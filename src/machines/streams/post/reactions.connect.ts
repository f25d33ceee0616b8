import type { ReactionsSnapshot } from './reactions.machine';

/** A post's reaction as its card shows it, read from the reactions machine's snapshot. */

/** The member's reaction as shown now (their latest choice, before the server answers). */
export const myReaction = (s: ReactionsSnapshot) => s.context.mine;
/** The reaction the server last confirmed: the counts shown move from this one to `myReaction`. */
export const confirmedReaction = (s: ReactionsSnapshot) => s.context.confirmed;
export const isSavingReaction = (s: ReactionsSnapshot) => s.matches('saving');
