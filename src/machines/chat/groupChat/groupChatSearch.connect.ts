import { selectSearched, selectSearching, type MemberSearchSnapshot } from './groupChatSearch.machine';

/** What the member search (inviting to a group chat or a group) shows, read from its machine's snapshot. */

export { selectSearched, selectSearching };

/** The members found for the last query. */
export const selectResults = (s: MemberSearchSnapshot) => s.context.results;
export const selectSearchError = (s: MemberSearchSnapshot) => s.context.error;
