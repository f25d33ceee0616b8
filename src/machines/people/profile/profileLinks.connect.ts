import type { ProfileLinksSnapshot } from './profileLinks.machine';

/** What the owner's social links form shows, read from the profileLinks machine's snapshot. */

/** The links as edited so far. */
export const selectLinksDraft = (s: ProfileLinksSnapshot) => s.context.draft;
/** Why a link was refused, by network. */
export const selectLinkErrors = (s: ProfileLinksSnapshot) => s.context.errors;
/** The server's refusal. */
export const selectLinksError = (s: ProfileLinksSnapshot) => s.context.error;
export const isSavingLinks = (s: ProfileLinksSnapshot) => s.matches('saving');
