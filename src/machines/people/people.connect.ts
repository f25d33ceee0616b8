import type { User } from '../../api/auth';
import { PEOPLE_PAGE_SIZE } from '../../api/users';
import { selectIsSearching, selectShown, suggestionsApart, type PeopleSnapshot } from './people.machine';

/** The signed-in member's own row: no Follow button on oneself. */
export const isMe = (personId: string, me: Pick<User, '_id'> | null) => personId === me?._id;

/** Only the owner of /setting/:username may open it. */
export const ownsSettings = (me: Pick<User, 'username'>, username: string) => me.username === username;

/*
 * What /people shows, read from the people machine's snapshot; the page reads no context itself.
 */

export { selectIsSearching, selectShown };

export const selectPage = (s: PeopleSnapshot) => s.context.page;
/** How many members there are (at least, when `selectTotalAtLeast`): the page count follows. */
export const selectPageCount = (s: PeopleSnapshot) => Math.max(1, Math.ceil(s.context.total / PEOPLE_PAGE_SIZE));
export const selectTotalAtLeast = (s: PeopleSnapshot) => s.context.totalAtLeast;
/** The search's results, or null while the box is empty (the page shows then). */
export const selectResults = (s: PeopleSnapshot) => s.context.results;
export const selectOnline = (s: PeopleSnapshot) => s.context.online;
export const selectListError = (s: PeopleSnapshot) => s.context.error;
export const selectSearchError = (s: PeopleSnapshot) => s.context.searchError;
export const isListLoading = (s: PeopleSnapshot) => s.matches({ list: 'loading' });
export const hasListFailed = (s: PeopleSnapshot) => s.matches({ list: 'failed' });
/** Suggestions not already in the list beside them. */
export const selectSuggestions = (s: PeopleSnapshot) => suggestionsApart(s.context);
