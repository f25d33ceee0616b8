import { z } from 'zod';
import { groupSchema } from '../groups/schemas';
import { dataUrlSchema, postSchema } from '../posts/schemas';
import { personSchema } from '../users/schemas';

/**
 * Search (spec sections 2 and 7: GET /search/{query}, POST /search/image), defined once for client
 * and server. docs/api.md ("Search") explains the answers; docs/server.md how they are found.
 *
 * Text search has four kinds of results, each ranked by relevance, then recency, within what the
 * viewer may see. Relevance is judged within windows of the newest SEARCH_WINDOW matches the viewer
 * may see (so every request costs at most one window, however common the word): the first pages are
 * the best of the newest SEARCH_WINDOW matches, then the search goes on to the next older window.
 */

export const SEARCH_KINDS = ['posts', 'questions', 'people', 'groups'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const searchKindSchema = z.enum(SEARCH_KINDS, { error: `Search kind must be one of ${SEARCH_KINDS.join(', ')}` });

/** The longest query accepted; words past SEARCH_TERMS_MAX are ignored. */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_TERMS_MAX = 16;
/** Relevance is judged within this many of the newest matches the viewer may see (and counted up to it). */
export const SEARCH_WINDOW = 100;
/** Results a page: posts and questions are big cards, people and groups small rows. */
export const SEARCH_PAGE_SIZES: Record<SearchKind, number> = { posts: 10, questions: 10, people: 20, groups: 20 };
/** How many posts an image search answers at most, nearest first. */
export const IMAGE_SEARCH_RESULTS = 20;
/** Two image hashes this many bits apart or fewer (of 64) count as the same picture. */
export const IMAGE_MATCH_DISTANCE = 11;

export const SEARCH_MESSAGES = {
  empty: 'Type something to search for',
  tooLong: `Search must not exceed ${SEARCH_QUERY_MAX} characters`,
  badCursor: 'Invalid search cursor',
  notAnImage: 'Search by image takes a JPEG, PNG, GIF or WebP picture',
  unreadable: 'The picture could not be read',
} as const;

export const searchQuerySchema = z
  .string({ error: SEARCH_MESSAGES.empty })
  .trim()
  .min(1, SEARCH_MESSAGES.empty)
  .max(SEARCH_QUERY_MAX, SEARCH_MESSAGES.tooLong);

/** GET /search/{query}. */
export const searchAllParamsSchema = z.object({ query: searchQuerySchema });
/** GET /search/{kind}/{query}?cursor=. */
export const searchKindParamsSchema = z.object({ kind: searchKindSchema, query: searchQuerySchema });

/**
 * Where a kind's results go on: `<window>.<offset>` (opaque to clients; the `nextCursor` of the
 * page before). The window part pins the newest match the pages started from, so posts written
 * meanwhile do not shift them.
 */
export const SEARCH_CURSOR = /^(\d{1,18})\.(\d{1,6})$/;
export const searchCursorSchema = z.string().regex(SEARCH_CURSOR, SEARCH_MESSAGES.badCursor);
export const searchPageQuerySchema = z.object({ cursor: searchCursorSchema.optional() });
export type SearchPageQuery = z.input<typeof searchPageQuerySchema>;

/**
 * How many results a kind has: `count`, exact when `countIsFloor` is false; otherwise at least
 * `count` (SEARCH_WINDOW: shown as "100+"). Counting further would cost a scan of every match.
 */
const counts = { count: z.number().int(), countIsFloor: z.boolean() };
const maybeCounts = { count: z.number().int().optional(), countIsFloor: z.boolean().optional() };
const next = { nextCursor: z.string().nullable() };

const postItems = { posts: z.array(postSchema), ...next };
const questionItems = { questions: z.array(postSchema), ...next };
const peopleItems = { people: z.array(personSchema), ...next };
const groupItems = { groups: z.array(groupSchema), ...next };

export const postResultsSchema = z.object({ ...postItems, ...counts });
export const questionResultsSchema = z.object({ ...questionItems, ...counts });
export const peopleResultsSchema = z.object({ ...peopleItems, ...counts });
export const groupResultsSchema = z.object({ ...groupItems, ...counts });
export type PostResults = z.infer<typeof postResultsSchema>;
export type QuestionResults = z.infer<typeof questionResultsSchema>;
export type PeopleResults = z.infer<typeof peopleResultsSchema>;
export type GroupResults = z.infer<typeof groupResultsSchema>;

/** GET /search/{query}: the first page of every kind, with their counts. */
export const searchOverviewSchema = z.object({
  query: z.string(),
  posts: postResultsSchema,
  questions: questionResultsSchema,
  people: peopleResultsSchema,
  groups: groupResultsSchema,
});
export type SearchOverview = z.infer<typeof searchOverviewSchema>;

/** GET /search/{kind}/{query}?cursor=: one page of one kind; the counts only with the first page (no cursor). */
export const searchKindPageSchemas = {
  posts: z.object({ ...postItems, ...maybeCounts }),
  questions: z.object({ ...questionItems, ...maybeCounts }),
  people: z.object({ ...peopleItems, ...maybeCounts }),
  groups: z.object({ ...groupItems, ...maybeCounts }),
} as const;
export const searchKindPageSchema = z.union([
  searchKindPageSchemas.posts,
  searchKindPageSchemas.questions,
  searchKindPageSchemas.people,
  searchKindPageSchemas.groups,
]);
export type SearchKindPage<K extends SearchKind = SearchKind> = z.infer<(typeof searchKindPageSchemas)[K]>;

/** How many of each kind the header's box suggests as the member types. */
export const SUGGESTION_COUNTS = { people: 5, groups: 3, hashtags: 5 } as const;

/**
 * GET /search/suggest/{query} (ours): what the header's box offers while the member types: the
 * first people and groups the search would show (one letter: by the start of the name) and the
 * hashtags of public stream posts that start with the query's word (`#` optional), by name.
 */
export const searchSuggestionsSchema = z.object({
  query: z.string(),
  people: z.array(personSchema),
  groups: z.array(groupSchema),
  hashtags: z.array(z.object({ tag: z.string() })),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/** POST /search/image: a picture as a data URL (the uploads' shape); its type is decided by its bytes. */
export const imageSearchBodySchema = z.object({ image: dataUrlSchema('Image') });
export type ImageSearchBody = z.input<typeof imageSearchBodySchema>;

/** The posts whose pictures look alike, nearest first; `distances[postId]` in bits (0: the same picture). */
export const imageSearchResultsSchema = z.object({
  posts: z.array(postSchema),
  distances: z.record(z.string(), z.number().int()),
});
export type ImageSearchResults = z.infer<typeof imageSearchResultsSchema>;

/** "12", "100+": a count as the tabs show it. */
export const countText = (results: { count: number; countIsFloor: boolean }) => `${results.count}${results.countIsFloor ? '+' : ''}`;
