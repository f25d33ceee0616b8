import { assertEvent, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Group } from '../../api/groups';
import type { SearchSuggestions } from '../../api/search';
import type { Person } from '../../api/users';
import { requiredPromise } from '../shared/required';

/** Typing pauses this long before the header's box asks for suggestions. */
export const SUGGEST_DELAY_MS = 250;

/** One option of the header's list: a member, a group or a hashtag. */
export type Suggestion = { kind: 'person'; person: Person } | { kind: 'group'; group: Group } | { kind: 'hashtag'; tag: string };

export interface SuggestContext {
  /** What the box holds. */
  query: string;
  /** The options shown, in the order of the list: people, groups, hashtags. */
  options: Suggestion[];
  /** The highlighted option (arrow keys), -1 for none. */
  active: number;
}

export type SuggestEvent =
  | { type: 'suggest.type'; query: string }
  /** Arrow down (1) or up (-1): the next or previous option, wrapping. */
  | { type: 'suggest.move'; by: 1 | -1 }
  /** Enter: opens the highlighted option, or searches for what is typed. */
  | { type: 'suggest.enter' }
  /** A click (or tap) on an option. */
  | { type: 'suggest.pick'; index: number }
  /** Escape, or the focus left the box: the list closes, the text stays. */
  | { type: 'suggest.close' };

/** The list of an answer: people, then groups, then hashtags. */
export const optionsOf = (answer: SearchSuggestions): Suggestion[] => [
  ...answer.people.map((person) => ({ kind: 'person' as const, person })),
  ...answer.groups.map((group) => ({ kind: 'group' as const, group })),
  ...answer.hashtags.map(({ tag }) => ({ kind: 'hashtag' as const, tag })),
];

/**
 * The header's search box (docs/client-search.md): as the member types it waits for a pause (a
 * machine delay, restarted by each keystroke), asks for suggestions and opens a list of them
 * (people, groups, hashtags); the arrow keys move through it, Enter opens the highlighted one
 * (or, with none highlighted, the search page for the text), Escape closes it. A failed request
 * just shows no list: the box still searches on Enter.
 */
export const searchSuggestMachine = setup({
  types: { context: {} as SuggestContext, events: {} as SuggestEvent },
  actors: {
    /** Effect: GET /search/suggest/{query}. */
    suggest: requiredPromise<SearchSuggestions, { query: string }>('suggest'),
  },
  actions: {
    /** Effect: opens a member's profile, a group or a hashtag's page. */
    openSuggestion: (_, _params: { suggestion: Suggestion }) => {},
    /** Effect: opens the search page for the text. */
    openSearch: (_, _params: { query: string }) => {},
    reset: assign({ query: '', options: [], active: -1 }),
  },
  guards: {
    hasTerm: ({ event }) => {
      assertEvent(event, 'suggest.type');
      return event.query.trim() !== '';
    },
    hasActive: ({ context }) => context.active >= 0 && context.active < context.options.length,
    typed: ({ context }) => context.query.trim() !== '',
    hasOptions: ({ context }) => context.options.length > 0,
    pickable: ({ context, event }) => {
      assertEvent(event, 'suggest.pick');
      return event.index >= 0 && event.index < context.options.length;
    },
  },
  delays: { SUGGEST_DELAY: SUGGEST_DELAY_MS },
}).createMachine({
  id: 'searchSuggest',
  context: { query: '', options: [], active: -1 },
  initial: 'closed',
  on: {
    'suggest.type': [
      { guard: 'hasTerm', target: '.waiting', reenter: true, actions: assign({ query: ({ event }) => event.query, active: -1 }) },
      { target: '.closed', actions: assign({ query: ({ event }) => event.query, options: [], active: -1 }) },
    ],
    'suggest.enter': [
      {
        guard: 'hasActive',
        target: '.closed',
        actions: [{ type: 'openSuggestion', params: ({ context }) => ({ suggestion: context.options[context.active] }) }, 'reset'],
      },
      {
        guard: 'typed',
        target: '.closed',
        actions: [{ type: 'openSearch', params: ({ context }) => ({ query: context.query.trim() }) }, 'reset'],
      },
    ],
    'suggest.pick': {
      guard: 'pickable',
      target: '.closed',
      actions: [
        {
          type: 'openSuggestion',
          params: ({ context, event }) => ({ suggestion: context.options[(event as { index: number }).index] }),
        },
        'reset',
      ],
    },
  },
  states: {
    /** No list on screen. */
    closed: {},
    waiting: {
      after: { SUGGEST_DELAY: 'loading' },
      on: { 'suggest.close': 'closed' },
    },
    loading: {
      invoke: {
        id: 'suggest',
        src: 'suggest',
        input: ({ context }) => ({ query: context.query.trim() }),
        onDone: { target: 'open', actions: assign({ options: ({ event }) => optionsOf(event.output), active: -1 }) },
        onError: { target: 'closed', actions: assign({ options: [], active: -1 }) },
      },
      on: { 'suggest.close': 'closed' },
    },
    /** The list (when it has options). */
    open: {
      on: {
        'suggest.move': {
          guard: 'hasOptions',
          actions: assign({
            active: ({ context, event }) => {
              const n = context.options.length;
              return context.active < 0 ? (event.by === 1 ? 0 : n - 1) : (context.active + event.by + n) % n;
            },
          }),
        },
        'suggest.close': { target: 'closed', actions: assign({ active: -1 }) },
      },
    },
  },
});

export type SearchSuggestActorRef = ActorRefFrom<typeof searchSuggestMachine>;
export type SearchSuggestSnapshot = SnapshotFrom<typeof searchSuggestMachine>;
