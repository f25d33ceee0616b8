import {
  IMAGE_MATCH_DISTANCE,
  IMAGE_SEARCH_RESULTS,
  SEARCH_CURSOR,
  SEARCH_MESSAGES,
  SEARCH_PAGE_SIZES,
  SEARCH_WINDOW,
  type ImageSearchResults,
  type SearchKind,
  type SearchKindPage,
  type SearchOverview,
  type SearchSuggestions,
  SUGGESTION_COUNTS,
} from '../../../src/api/search';
import type { Config } from '../../config';
import { HttpError, badRequest } from '../../http/httpError';
import { bandsOf, colorDistance, fingerprintImage, hammingDistance, nearBandValues, type ImageFingerprint } from '../../media/imageHash';
import type { UploadedFile } from '../../http/uploadLimit';
import { headOf } from '../../media/files';
import { sniffImage } from '../../media/images';
import type { GroupService } from '../groups/service';
import type { PostsForOthers } from '../posts/forOthers';
import { presentPost } from '../../core/presentPost';
import type { Viewer } from '../../core/visibility';
import { presentPerson } from '../../core/presentUser';
import type { Hit, SearchStore } from './store';
import { queryTerms, relevance, singleLetter, type SearchTerm } from '../../core/searchText';

/** Average colours further apart than this (largest channel difference, 0..255) are not the same picture. */
export const IMAGE_COLOR_DISTANCE = 48;
/** At most this many hashes are read per band (a flood of identical pictures cannot make a request unbounded). */
const CANDIDATES_PER_BAND = 1000;
/** The nearest this many candidates are checked for visibility. */
const CANDIDATES_CHECKED = 200;

/** Where a page starts: below `before` (a window's bound; null: the newest), `offset` ranked results in. */
interface Position {
  before: number | null;
  offset: number;
}

function parseCursor(cursor: string | undefined): Position {
  if (cursor === undefined) return { before: null, offset: 0 };
  const match = SEARCH_CURSOR.exec(cursor);
  if (!match) throw badRequest(SEARCH_MESSAGES.badCursor);
  return { before: Number(match[1]), offset: Number(match[2]) };
}

/** A window's matches ranked: people whose name is the query first, then relevance, then recency. */
export function rank(hits: Hit[], terms: SearchTerm[], weights: number[] = [1]): Hit[] {
  const scores = new Map(
    hits.map((hit) => [
      hit,
      relevance(
        terms,
        hit.texts.map((text, i) => ({ text, weight: weights[i] ?? 1 })),
      ),
    ]),
  );
  return [...hits].sort((a, b) => {
    if (Boolean(a.exact) !== Boolean(b.exact)) return a.exact ? -1 : 1;
    const score = scores.get(b)! - scores.get(a)!;
    if (score !== 0) return score;
    if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  });
}

/**
 * A question found by its own words and by answers (or by several answers) is one result: the
 * newest entry's place, every entry's words (for relevance).
 */
function oncePerId(hits: Hit[]): Hit[] {
  const byId = new Map<string, Hit>();
  for (const hit of hits) {
    const first = byId.get(hit.id);
    if (first) first.texts = [...first.texts, ...hit.texts];
    else byId.set(hit.id, { ...hit });
  }
  return [...byId.values()];
}

/**
 * One page of a window: the window (SEARCH_WINDOW newest visible matches below the position's
 * bound) ranked, and `size` of them from the offset. The next cursor stays in this window while it
 * has more, then moves to the next older one; the first page pins the window's bound, so matches
 * written meanwhile do not shift the pages.
 */
export function pageOfWindow(hits: Hit[], at: Position, size: number, order: (window: Hit[]) => Hit[]) {
  const more = hits.length > SEARCH_WINDOW;
  const entries = hits.slice(0, SEARCH_WINDOW);
  const window = oncePerId(entries);
  const ranked = order(window).slice(at.offset, at.offset + size);
  const bound = at.before ?? (entries.length > 0 ? entries[0].sid + 1 : 0);
  const nextCursor =
    at.offset + size < window.length ? `${bound}.${at.offset + size}` : more ? `${entries[entries.length - 1].sid}.0` : null;
  return { ids: ranked.map((hit) => hit.id), nextCursor, count: window.length, countIsFloor: more };
}

/**
 * One page of a one-letter window (people or groups by the start of their name, in name order):
 * the window is the SEARCH_WINDOW visible names after the cursor's first part (the search row of
 * the last name of the window before; 0 for the first), the page `size` of them from its offset;
 * then the next window, which starts after this one's last name.
 */
export function letterPage(hits: Hit[], at: Position, size: number) {
  const more = hits.length > SEARCH_WINDOW;
  const window = hits.slice(0, SEARCH_WINDOW);
  const after = at.before ?? 0;
  const page = window.slice(at.offset, at.offset + size);
  const nextCursor = at.offset + size < window.length ? `${after}.${at.offset + size}` : more ? `${window[window.length - 1].sid}.0` : null;
  return { ids: page.map((hit) => hit.id), nextCursor, count: window.length, countIsFloor: more };
}

/** Rows in the order of `ids` (a page's ranking), leaving out any that did not come back. */
function inOrder<T>(ids: string[], rows: T[], idOf: (row: T) => string): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}

export interface SearchDeps {
  config: Pick<Config, 'limits'>;
  store: SearchStore;
  /** The posts of a page with their author and what they are to the viewer (still through canSeePost). */
  posts: Pick<PostsForOthers, 'visibleByIds'>;
  groups: GroupService;
}

/** Text search over posts, questions, people and groups, and search by image (docs/api.md, Search). */
export function createSearchService({ store, posts, groups }: SearchDeps) {
  async function kindPage<K extends SearchKind>(viewer: Viewer, kind: K, query: string, terms: SearchTerm[], at: Position) {
    const size = SEARCH_PAGE_SIZES[kind];
    if (terms.length === 0 || at.offset >= SEARCH_WINDOW) return { items: [], nextCursor: null, count: 0, countIsFloor: false };
    // One letter: people and groups by the start of their name (posts and questions keep whole words).
    const letter = singleLetter(query);
    switch (kind) {
      case 'posts':
      case 'questions': {
        const window =
          kind === 'posts'
            ? await store.postWindow(viewer, 'post', terms, at.before)
            : await store.questionWindow(viewer, terms, at.before);
        const page = pageOfWindow(window, at, size, (w) => rank(w, terms));
        const rows = inOrder(page.ids, await posts.visibleByIds(viewer, page.ids), (row) => row.id);
        return { ...page, items: rows.map((row) => presentPost(row, viewer)) };
      }
      case 'people': {
        if (letter !== null) {
          const page = letterPage(await store.letterWindow('people', viewer, letter, at.before ?? 0), at, size);
          return { ...page, items: inOrder(page.ids, await store.people(viewer, page.ids), (row) => row.id).map(presentPerson) };
        }
        // Only a query shaped like a username can be one (and no other text reaches the comparison).
        const name = /^[A-Za-z0-9_.]{1,30}$/.test(query.trim()) ? query.trim().toLowerCase() : '';
        const page = pageOfWindow(await store.peopleWindow(viewer, terms, name, at.before), at, size, (w) => rank(w, terms));
        return { ...page, items: inOrder(page.ids, await store.people(viewer, page.ids), (row) => row.id).map(presentPerson) };
      }
      case 'groups': {
        // A group's name weighs three times its description and tags.
        const page =
          letter !== null
            ? letterPage(await store.letterWindow('groups', viewer, letter, at.before ?? 0), at, size)
            : pageOfWindow(await store.groupWindow(viewer, terms, at.before), at, size, (w) => rank(w, terms, [3, 1]));
        return {
          ...page,
          items: await groups.present(
            viewer,
            inOrder(page.ids, await store.groups(page.ids), (row) => row.id),
          ),
        };
      }
    }
    throw new Error(`unknown search kind ${String(kind)}`);
  }

  const named = (kind: SearchKind, page: Awaited<ReturnType<typeof kindPage>>) => ({
    [kind]: page.items,
    nextCursor: page.nextCursor,
    count: page.count,
    countIsFloor: page.countIsFloor,
  });

  return {
    /** GET /search/{query}: the first page of every kind. */
    async overview(viewer: Viewer, query: string): Promise<SearchOverview> {
      const terms = queryTerms(query);
      const start = { before: null, offset: 0 };
      const [posts, questions, people, groupPage] = await Promise.all(
        (['posts', 'questions', 'people', 'groups'] as const).map((kind) => kindPage(viewer, kind, query, terms, start)),
      );
      return {
        query,
        posts: named('posts', posts),
        questions: named('questions', questions),
        people: named('people', people),
        groups: named('groups', groupPage),
      } as SearchOverview;
    },

    /** GET /search/suggest/{query}: the first few people, groups and public hashtags for the header's box. */
    async suggest(viewer: Viewer, query: string): Promise<SearchSuggestions> {
      const terms = queryTerms(query);
      const start = { before: null, offset: 0 };
      const word = /^#?([\p{L}\p{N}_]+)$/u.exec(query.trim())?.[1]?.toLowerCase() ?? '';
      const [people, groupPage, tags] = await Promise.all([
        kindPage(viewer, 'people', query, terms, start),
        kindPage(viewer, 'groups', query, terms, start),
        word ? store.tagsStartingWith(word, SUGGESTION_COUNTS.hashtags) : Promise.resolve([]),
      ]);
      return {
        query,
        people: (people.items as SearchSuggestions['people']).slice(0, SUGGESTION_COUNTS.people),
        groups: (groupPage.items as SearchSuggestions['groups']).slice(0, SUGGESTION_COUNTS.groups),
        hashtags: tags.map((tag) => ({ tag })),
      };
    },

    /** GET /search/{kind}/{query}?cursor=: the counts come with the first page only. */
    async page<K extends SearchKind>(viewer: Viewer, kind: K, query: string, cursor?: string): Promise<SearchKindPage<K>> {
      const at = parseCursor(cursor);
      const page = await kindPage(viewer, kind, query, queryTerms(query), at);
      const answer = named(kind, page);
      if (cursor !== undefined) {
        delete (answer as { count?: number }).count;
        delete (answer as { countIsFloor?: boolean }).countIsFloor;
      }
      return answer as unknown as SearchKindPage<K>;
    },

    /** POST /search/image: the posts the viewer may see whose picture looks like this one, nearest first. */
    async image(viewer: Viewer, file: UploadedFile): Promise<ImageSearchResults> {
      if (!sniffImage(await headOf(file.path))) throw new HttpError(415, SEARCH_MESSAGES.notAnImage);
      let asked: ImageFingerprint;
      try {
        asked = await fingerprintImage(file.path, file.owner);
      } catch {
        throw badRequest(SEARCH_MESSAGES.unreadable);
      }
      const near = new Map<string, number>();
      for (const row of await store.imageCandidates(
        bandsOf(asked.hash).map((value) => nearBandValues(value)),
        CANDIDATES_PER_BAND,
      )) {
        if (near.has(row.post_id)) continue;
        const distance = hammingDistance(asked.hash, row.hash);
        if (distance <= IMAGE_MATCH_DISTANCE && colorDistance(asked.color, Number(row.color)) <= IMAGE_COLOR_DISTANCE)
          near.set(row.post_id, distance);
      }
      const nearest = [...near.entries()]
        .sort((a, b) => a[1] - b[1])
        .slice(0, CANDIDATES_CHECKED)
        .map(([id]) => id);
      const rows = (await posts.visibleByIds(viewer, nearest)).sort(
        (a, b) => near.get(a.id)! - near.get(b.id)! || (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0),
      );
      const shown = rows.slice(0, IMAGE_SEARCH_RESULTS);
      return {
        posts: shown.map((row) => presentPost(row, viewer)),
        distances: Object.fromEntries(shown.map((row) => [row.id, near.get(row.id)!])),
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
