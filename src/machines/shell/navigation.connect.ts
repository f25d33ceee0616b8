import type { SnapshotFrom } from 'xstate';
import { selectIsOpenSearchBar, selectIsOpenSidebar, type navigationMachine } from './navigation.machine';

/** The drawer and the search bar as the member layout shows them, read from the navigation machine's snapshot. */

export type NavigationSnapshot = SnapshotFrom<typeof navigationMachine>;

export { selectIsOpenSearchBar, selectIsOpenSidebar };

/** The drawer is open (closed while the navigation does not run). */
export const isSidebarOpen = (s: NavigationSnapshot | undefined) => (s ? selectIsOpenSidebar(s) : false);
/** The search bar is open (closed while the navigation does not run). */
export const isSearchBarOpen = (s: NavigationSnapshot | undefined) => (s ? selectIsOpenSearchBar(s) : false);
