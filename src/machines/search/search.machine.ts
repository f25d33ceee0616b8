import { produce, type Draft } from 'immer';
import { assertEvent, assign, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import type { ReactionType } from '../../api/constants';
import type { Group } from '../../api/groups';
import type { Post, ReactionCounts } from '../../api/posts';
import { SEARCH_KINDS, type ImageSearchResults, type SearchKind, type SearchKindPage, type SearchOverview } from '../../api/search';
import type { Person } from '../../api/users';
import { MEDIA_RULES, type PickedFile } from '../composer/composer.machine';
import { failureText } from '../shared/failure';
import { patch, remove } from '../streams/postList';
import type { ToastRequest } from '../shell/toastRequest';

/** Typing pauses this long before the search goes out (and the address follows it). */
export const SEARCH_DELAY_MS = 400;
export const SEARCH_FAILED = 'Could not search. Please try again.';
export const MORE_FAILED = 'Could not load more results. Please try again.';
export const IMAGE_SEARCH_FAILED = 'Could not search by this picture. Please try again.';
export const IMAGE_READ_FAILED = 'The picture could not be read';

/** One tab's results: what is shown, how many there are, and where the next page starts. */
export interface KindResults<T> {
  items: T[];
  count: number;
  countIsFloor: boolean;
  nextCursor: string | null;
}
export interface SearchResults {
  posts: KindResults<Post>;
  questions: KindResults<Post>;
  people: KindResults<Person>;
  groups: KindResults<Group>;
}

/** The next page of one tab. */
export interface MoreInput {
  kind: SearchKind;
  query: string;
  cursor: string;
}

export interface SearchContext {
  /** What the search box holds (every keystroke). */
  query: string;
  /** The query the results are for, trimmed ('' before the first search). */
  searched: string;
  tab: SearchKind;
  results: SearchResults | null;
  error: string | null;
  /** The tab whose next page is loading or failed. */
  moreKind: SearchKind | null;
  /** The chosen picture (a data URL once read) and its name. */
  image: { name: string; dataUrl: string | null } | null;
  imageResults: ImageSearchResults | null;
  imageError: string | null;
}

export type SearchInput = { query?: string; tab?: SearchKind };

export type SearchEvent =
  | { type: 'search.type'; query: string }
  /** Enter in the box: search now, without waiting for the pause. */
  | { type: 'search.submit' }
  /** The address changed (back, forward, the header's search bar): its `q` and `tab`. */
  | { type: 'search.address'; query: string; tab: SearchKind }
  | { type: 'search.tab'; tab: SearchKind }
  | { type: 'search.more' }
  | { type: 'search.retry' }
  | { type: 'image.choose'; file: PickedFile }
  | { type: 'image.retry' }
  | { type: 'image.clear' }
  // From the cards of the results (their composer, reactions, save and comments):
  | { type: 'search.postChanged'; post: Post }
  | { type: 'search.postDeleted'; postId: string }
  | { type: 'search.reacted'; postId: string; reactions: ReactionCounts; userReaction: ReactionType | null }
  | { type: 'search.saved'; postId: string; saved: boolean }
  | { type: 'search.commentsCount'; postId: string; commentsCount: number }
  // From the bus (the author menu and follow buttons anywhere on screen):
  | { type: 'search.following'; userId: string; following: boolean }
  | { type: 'search.blocked'; userId: string };

export const isSearchKind = (value: unknown): value is SearchKind => (SEARCH_KINDS as readonly unknown[]).includes(value);

const kindResults = <T>(page: { nextCursor: string | null; count: number; countIsFloor: boolean }, items: T[]): KindResults<T> => ({
  items,
  count: page.count,
  countIsFloor: page.countIsFloor,
  nextCursor: page.nextCursor,
});

/** The overview as the tabs hold it. */
export const resultsOf = (overview: SearchOverview): SearchResults => ({
  posts: kindResults(overview.posts, overview.posts.posts),
  questions: kindResults(overview.questions, overview.questions.questions),
  people: kindResults(overview.people, overview.people.people),
  groups: kindResults(overview.groups, overview.groups.groups),
});

/**
 * The tab a search opens on: the current one if it found something (or nothing was found at all),
 * otherwise the first of Posts, Questions, People, Groups that did.
 */
export const firstFound = (overview: SearchOverview, tab: SearchKind): SearchKind => {
  const found = (kind: SearchKind) => overview[kind].count > 0;
  return found(tab) ? tab : (SEARCH_KINDS.find(found) ?? tab);
};

const itemsOfPage = (kind: SearchKind, page: SearchKindPage): unknown[] => (page as unknown as Record<string, unknown[]>)[kind] ?? [];

/** Every list of posts on the page: the two post tabs and the picture's results. */
function postLists(draft: Draft<SearchContext>): Draft<Post[]>[] {
  const lists: Draft<Post[]>[] = [];
  if (draft.results) lists.push(draft.results.posts.items, draft.results.questions.items);
  if (draft.imageResults) lists.push(draft.imageResults.posts);
  return lists;
}

const change =
  (recipe: (draft: Draft<SearchContext>, event: SearchEvent) => void) =>
  ({ context, event }: { context: SearchContext; event: SearchEvent }) =>
    produce(context, (draft) => recipe(draft, event));

/** A tab lost an item: its count follows (an exact count only; a floor stays a floor). */
const dropFrom = (list: Draft<KindResults<Post>> | undefined, postId: string) => {
  if (list && remove(list.items, postId) && !list.countIsFloor) list.count = Math.max(0, list.count - 1);
};

/**
 * The search page (/app/social/search?q=&tab=): the box searches after a pause (a machine delay)
 * or at once on Enter, and the address follows each search (pushed, so back and reload work;
 * a tab change replaces it). Four tabs (posts, questions, people, groups) come from one request
 * with their counts; each pages on by its own cursor. A picture chosen with the camera control is
 * read and searched in its own region, beside the text results. The cards' changes (edit, delete,
 * reactions, saved, comments) and follow or block changes made anywhere update the lists in place.
 */
export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
  },
  actors: {
    /** Effect: GET /search/{query}. */
    searchAll: requiredPromise<SearchOverview, { query: string }>('searchAll'),
    /** Effect: GET /search/{kind}/{query}?cursor=. */
    searchMore: requiredPromise<SearchKindPage, MoreInput>('searchMore'),
    /** Effect: reads the chosen file as a data URL. */
    readImage: requiredPromise<string, { file: PickedFile }>('readImage'),
    /** Effect: POST /search/image. */
    searchImage: requiredPromise<ImageSearchResults, { image: string }>('searchImage'),
    /** Effect: follow and block changes from the bus, as search events. */
    live: requiredCallback<EventObject>(),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: the address becomes /app/social/search?q=&tab= (`replace`: no new history entry). */
    followAddress: (_, _params: { query: string; tab: SearchKind; replace: boolean }) => {},
    setQuery: assign({ query: ({ event }) => (event.type === 'search.type' ? event.query : '') }),
    commit: assign({ searched: ({ context }) => context.query.trim(), error: null, moreKind: null }),
    clearResults: assign({ searched: '', results: null, error: null, moreKind: null }),
    fromAddress: assign(({ event }) =>
      event.type === 'search.address'
        ? { query: event.query, searched: event.query.trim(), tab: event.tab, error: null, moreKind: null }
        : {},
    ),
    setTab: assign({
      tab: ({ context, event }) => (event.type === 'search.tab' || event.type === 'search.address' ? event.tab : context.tab),
    }),
    takePostChange: assign(
      change((draft, event) => {
        if (event.type !== 'search.postChanged') return;
        for (const list of postLists(draft)) patch(list, event.post._id, event.post);
        // A post that the viewer no longer sees as such (now hidden) leaves the lists.
        if (event.post.hidden) for (const list of postLists(draft)) remove(list, event.post._id);
      }),
    ),
    dropPost: assign(
      change((draft, event) => {
        if (event.type !== 'search.postDeleted') return;
        dropFrom(draft.results?.posts, event.postId);
        dropFrom(draft.results?.questions, event.postId);
        if (draft.imageResults) remove(draft.imageResults.posts, event.postId);
      }),
    ),
    setReactions: assign(
      change((draft, event) => {
        if (event.type !== 'search.reacted') return;
        for (const list of postLists(draft)) patch(list, event.postId, { reactions: event.reactions, userReaction: event.userReaction });
      }),
    ),
    setSaved: assign(
      change((draft, event) => {
        if (event.type !== 'search.saved') return;
        for (const list of postLists(draft)) patch(list, event.postId, { saved: event.saved });
      }),
    ),
    setCommentsCount: assign(
      change((draft, event) => {
        if (event.type !== 'search.commentsCount') return;
        for (const list of postLists(draft)) patch(list, event.postId, { commentsCount: event.commentsCount });
      }),
    ),
    setFollowing: assign(
      change((draft, event) => {
        if (event.type !== 'search.following') return;
        for (const list of postLists(draft))
          for (const post of list) if (post.userId === event.userId) post.followingAuthor = event.following;
        for (const person of draft.results?.people.items ?? []) if (person._id === event.userId) person.isFollowing = event.following;
      }),
    ),
    dropMember: assign(
      change((draft, event) => {
        if (event.type !== 'search.blocked') return;
        for (const list of [draft.results?.posts, draft.results?.questions]) {
          for (const post of [...(list?.items ?? [])]) if (post.userId === event.userId) dropFrom(list, post._id);
        }
        if (draft.imageResults) draft.imageResults.posts = draft.imageResults.posts.filter((post) => post.userId !== event.userId);
        const people = draft.results?.people;
        if (people && people.items.some((person) => person._id === event.userId)) {
          people.items = people.items.filter((person) => person._id !== event.userId);
          if (!people.countIsFloor) people.count = Math.max(0, people.count - 1);
        }
      }),
    ),
  },
  guards: {
    hasTerm: ({ event }) => {
      assertEvent(event, 'search.type');
      return event.query.trim() !== '';
    },
    addressHasTerm: ({ event }) => {
      assertEvent(event, 'search.address');
      return event.query.trim() !== '';
    },
    /** The address names what is already searched (our own push coming back, or a tab change). */
    addressIsSearched: ({ context, event }) => {
      assertEvent(event, 'search.address');
      return event.query.trim() === context.searched;
    },
    hasSearched: ({ context }) => context.searched !== '',
    tabHasMore: ({ context }) => context.results?.[context.tab].nextCursor != null,
    imageFileOk: ({ event }) =>
      event.type === 'image.choose' && MEDIA_RULES.image.types.includes(event.file.type) && event.file.size <= MEDIA_RULES.image.maxBytes,
  },
  delays: { SEARCH_DELAY: SEARCH_DELAY_MS },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({
    query: input.query ?? '',
    searched: (input.query ?? '').trim(),
    tab: input.tab ?? 'posts',
    results: null,
    error: null,
    moreKind: null,
    image: null,
    imageResults: null,
    imageError: null,
  }),
  invoke: { id: 'live', src: 'live' },
  type: 'parallel',
  on: {
    'search.tab': {
      actions: [
        'setTab',
        { type: 'followAddress', params: ({ context, event }) => ({ query: context.searched, tab: event.tab, replace: true }) },
      ],
    },
    'search.postChanged': { actions: 'takePostChange' },
    'search.postDeleted': { actions: 'dropPost' },
    'search.reacted': { actions: 'setReactions' },
    'search.saved': { actions: 'setSaved' },
    'search.commentsCount': { actions: 'setCommentsCount' },
    'search.following': { actions: 'setFollowing' },
    'search.blocked': { actions: 'dropMember' },
  },
  states: {
    text: {
      initial: 'starting',
      // On the region, not the machine: a transition of the machine into one region would also
      // exit and re-enter the other (the picture's search).
      on: {
        'search.address': [
          { guard: 'addressIsSearched', actions: 'setTab' },
          { guard: 'addressHasTerm', target: '.searching', actions: 'fromAddress' },
          { target: '.idle', actions: ['fromAddress', 'clearResults'] },
        ],
      },
      states: {
        /** A query in the address (a reload, a link, the header's bar) searches at once. */
        starting: {
          always: [{ guard: 'hasSearched', target: 'searching' }, { target: 'idle' }],
        },
        idle: {
          on: {
            'search.type': [{ guard: 'hasTerm', target: 'waiting', actions: 'setQuery' }, { actions: 'setQuery' }],
          },
        },
        waiting: {
          after: {
            SEARCH_DELAY: {
              target: 'searching',
              actions: [
                'commit',
                { type: 'followAddress', params: ({ context }) => ({ query: context.query.trim(), tab: context.tab, replace: false }) },
              ],
            },
          },
          on: {
            'search.type': [
              { guard: 'hasTerm', target: 'waiting', reenter: true, actions: 'setQuery' },
              {
                target: 'idle',
                actions: [
                  'setQuery',
                  'clearResults',
                  { type: 'followAddress', params: ({ context }) => ({ query: '', tab: context.tab, replace: false }) },
                ],
              },
            ],
            'search.submit': {
              target: 'searching',
              actions: [
                'commit',
                { type: 'followAddress', params: ({ context }) => ({ query: context.query.trim(), tab: context.tab, replace: false }) },
              ],
            },
          },
        },
        searching: {
          invoke: {
            id: 'searchAll',
            src: 'searchAll',
            input: ({ context }) => ({ query: context.searched }),
            onDone: [
              {
                // Nothing on the current tab but something elsewhere: open the first tab with results.
                guard: ({ context, event }) => firstFound(event.output, context.tab) !== context.tab,
                target: 'ready',
                actions: [
                  assign({
                    results: ({ event }) => resultsOf(event.output),
                    error: null,
                    tab: ({ context, event }) => firstFound(event.output, context.tab),
                  }),
                  { type: 'followAddress', params: ({ context }) => ({ query: context.searched, tab: context.tab, replace: true }) },
                ],
              },
              { target: 'ready', actions: assign({ results: ({ event }) => resultsOf(event.output), error: null }) },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, SEARCH_FAILED) }) },
          },
          on: {
            'search.type': [
              { guard: 'hasTerm', target: 'waiting', actions: 'setQuery' },
              {
                target: 'idle',
                actions: [
                  'setQuery',
                  'clearResults',
                  { type: 'followAddress', params: ({ context }) => ({ query: '', tab: context.tab, replace: false }) },
                ],
              },
            ],
          },
        },
        ready: {
          on: {
            'search.type': [
              { guard: 'hasTerm', target: 'waiting', actions: 'setQuery' },
              {
                target: 'idle',
                actions: [
                  'setQuery',
                  'clearResults',
                  { type: 'followAddress', params: ({ context }) => ({ query: '', tab: context.tab, replace: false }) },
                ],
              },
            ],
          },
          initial: 'idle',
          states: {
            idle: {
              on: {
                'search.more': { guard: 'tabHasMore', target: 'loading', actions: assign({ moreKind: ({ context }) => context.tab }) },
              },
            },
            loading: {
              invoke: {
                id: 'searchMore',
                src: 'searchMore',
                input: ({ context }) => ({
                  kind: context.moreKind!,
                  query: context.searched,
                  cursor: context.results![context.moreKind!].nextCursor!,
                }),
                onDone: {
                  target: 'idle',
                  actions: assign(
                    change((draft, event) => {
                      const { output } = event as unknown as { output: SearchKindPage };
                      const kind = draft.moreKind!;
                      const list = draft.results![kind] as Draft<KindResults<{ _id: string }>>;
                      const known = new Set(list.items.map((item) => item._id));
                      for (const item of itemsOfPage(kind, output) as { _id: string }[]) if (!known.has(item._id)) list.items.push(item);
                      list.nextCursor = output.nextCursor;
                      draft.moreKind = null;
                    }),
                  ),
                },
                onError: {
                  target: 'failed',
                  actions: {
                    type: 'showToast',
                    params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, MORE_FAILED) }),
                  },
                },
              },
            },
            failed: {
              on: {
                'search.more': { guard: 'tabHasMore', target: 'loading', actions: assign({ moreKind: ({ context }) => context.tab }) },
              },
            },
          },
        },
        failed: {
          on: {
            'search.retry': { target: 'searching', actions: assign({ error: null }) },
            'search.type': [
              { guard: 'hasTerm', target: 'waiting', actions: 'setQuery' },
              {
                target: 'idle',
                actions: [
                  'setQuery',
                  'clearResults',
                  { type: 'followAddress', params: ({ context }) => ({ query: '', tab: context.tab, replace: false }) },
                ],
              },
            ],
          },
        },
      },
    },
    image: {
      initial: 'idle',
      on: {
        'image.choose': [
          {
            guard: 'imageFileOk',
            target: '.reading',
            actions: assign({ image: ({ event }) => ({ name: event.file.name, dataUrl: null }), imageResults: null, imageError: null }),
          },
          {
            target: '.idle',
            actions: assign({
              image: null,
              imageResults: null,
              imageError: ({ event }) =>
                MEDIA_RULES.image.types.includes(event.file.type) ? MEDIA_RULES.image.sizeError : MEDIA_RULES.image.typeError,
            }),
          },
        ],
        'image.clear': { target: '.idle', actions: assign({ image: null, imageResults: null, imageError: null }) },
      },
      states: {
        idle: {},
        reading: {
          invoke: {
            id: 'readImage',
            src: 'readImage',
            input: ({ event }) => {
              assertEvent(event, 'image.choose');
              return { file: event.file };
            },
            onDone: {
              target: 'searching',
              actions: assign({ image: ({ context, event }) => ({ name: context.image?.name ?? '', dataUrl: event.output }) }),
            },
            onError: {
              target: 'idle',
              actions: assign({ image: null, imageError: ({ event }) => failureText(event.error, IMAGE_READ_FAILED) }),
            },
          },
        },
        searching: {
          invoke: {
            id: 'searchImage',
            src: 'searchImage',
            input: ({ context }) => ({ image: context.image?.dataUrl ?? '' }),
            onDone: { target: 'found', actions: assign({ imageResults: ({ event }) => event.output, imageError: null }) },
            onError: { target: 'failed', actions: assign({ imageError: ({ event }) => failureText(event.error, IMAGE_SEARCH_FAILED) }) },
          },
        },
        found: {},
        failed: {
          on: { 'image.retry': { target: 'searching', actions: assign({ imageError: null }) } },
        },
      },
    },
  },
});

export type SearchActorRef = ActorRefFrom<typeof searchMachine>;
export type SearchSnapshot = SnapshotFrom<typeof searchMachine>;

export const selectIsSearching = (s: SearchSnapshot) => s.matches({ text: 'searching' }) || s.matches({ text: 'waiting' });
export const selectIsLoadingMore = (s: SearchSnapshot) => s.matches({ text: { ready: 'loading' } });
export const selectMoreFailed = (s: SearchSnapshot) => s.matches({ text: { ready: 'failed' } });
export const selectImageBusy = (s: SearchSnapshot) => s.matches({ image: 'reading' }) || s.matches({ image: 'searching' });
