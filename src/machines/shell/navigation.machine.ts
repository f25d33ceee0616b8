import { assertEvent, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** The main navigation's sections, by the lowercased name of their sidebar item. */
export const NAV_SECTIONS = [
  'streams',
  'questions',
  'chat',
  'group',
  'people',
  'profile',
  'save',
  'photos',
  'videos',
  'notifications',
] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

/** The sections whose list is reset when their sidebar item is clicked (spec section 2). */
export type FeedSection = Extract<NavSection, 'streams' | 'questions'>;

export type NavigationEvent =
  | { type: 'sidebar.toggle' }
  | { type: 'sidebar.close' }
  | { type: 'searchBar.toggle' }
  | { type: 'searchBar.close' }
  /** A sidebar item was clicked, before the route changes. */
  | { type: 'navigation.select'; section: NavSection };

/**
 * The shell's panels (spec: navigation {isOpenSidebar, isOpenSearchBar}) and the hooks a
 * sidebar click fires. Both hooks are named placeholder actions filled by src/effects/shell/navigation.ts:
 * - resetFeed: clicking Streams or Questions resets that list (`streams.reset` /
 *   `questions.reset`, delivered by the effect to the list's actor).
 * - clearPrivateChat: clicking anything but Chat clears the private chat state (cached private
 *   messages, remove-chat-users call, message listener); a no-op until the chat issue.
 * Choosing a section also closes the sidebar drawer (mobile).
 */
export const navigationMachine = setup({
  types: { events: {} as NavigationEvent },
  actions: {
    resetFeed: (_, _params: { feed: FeedSection }) => {},
    clearPrivateChat: () => {},
    closeSidebar: raise({ type: 'sidebar.close' }),
  },
  guards: {
    isFeed: ({ event }) => event.type === 'navigation.select' && (event.section === 'streams' || event.section === 'questions'),
    isChat: ({ event }) => {
      assertEvent(event, 'navigation.select');
      return event.section === 'chat';
    },
  },
}).createMachine({
  id: 'navigation',
  type: 'parallel',
  on: {
    'navigation.select': [
      {
        guard: 'isFeed',
        actions: [
          {
            type: 'resetFeed',
            params: ({ event }) => ({ feed: (event as { section: FeedSection }).section }),
          },
          'clearPrivateChat',
          'closeSidebar',
        ],
      },
      { guard: 'isChat', actions: 'closeSidebar' },
      { actions: ['clearPrivateChat', 'closeSidebar'] },
    ],
  },
  states: {
    sidebar: {
      initial: 'closed',
      states: {
        closed: { on: { 'sidebar.toggle': 'open' } },
        open: { on: { 'sidebar.toggle': 'closed', 'sidebar.close': 'closed' } },
      },
    },
    searchBar: {
      initial: 'closed',
      states: {
        closed: { on: { 'searchBar.toggle': 'open' } },
        open: { on: { 'searchBar.toggle': 'closed', 'searchBar.close': 'closed' } },
      },
    },
  },
});

export type NavigationActorRef = ActorRefFrom<typeof navigationMachine>;
type NavigationSnapshot = SnapshotFrom<typeof navigationMachine>;

/** The spec's navigation slice, derived from the state. */
export const selectIsOpenSidebar = (s: NavigationSnapshot) => s.matches({ sidebar: 'open' });
export const selectIsOpenSearchBar = (s: NavigationSnapshot) => s.matches({ searchBar: 'open' });
