import { countText, type SearchKind } from '../../api/search';
import type { SearchSnapshot } from './search.machine';

export const searchQuery = (s: SearchSnapshot) => s.context.query;

export const searchTab = (s: SearchSnapshot) => s.context.tab;

export const searchResults = (s: SearchSnapshot) => s.context.results;

/** One tab's results (none before the first answer). */
export const kindResults = (s: SearchSnapshot, kind: SearchKind) => s.context.results?.[kind] ?? null;

/** The text the shown results answer. */
export const searchedText = (s: SearchSnapshot) => s.context.searched;

export const searchError = (s: SearchSnapshot) => s.context.error;

export const hasSearchFailed = (s: SearchSnapshot) => s.matches({ text: 'failed' });

/** Nothing asked yet: the page invites a search. */
export const isSearchIdle = (s: SearchSnapshot) => s.matches({ text: 'idle' }) && s.context.results === null;

/** A picture is being searched by (its panel replaces the text results). */
export const hasSearchImage = (s: SearchSnapshot) => s.context.image !== null;

/** "Load more" of one tab is running / failed (only that tab shows it). */
export const isLoadingMoreOf = (s: SearchSnapshot, kind: SearchKind) =>
  s.matches({ text: { ready: 'loading' } }) && s.context.moreKind === kind;
export const hasMoreFailedOf = (s: SearchSnapshot, kind: SearchKind) =>
  s.matches({ text: { ready: 'failed' } }) && s.context.moreKind === kind;

/** The picture search: the picture, its results and how far it got. */
export const searchImage = (s: SearchSnapshot) => s.context.image;
export const imageResults = (s: SearchSnapshot) => s.context.imageResults;
export const imageError = (s: SearchSnapshot) => s.context.imageError;
export const isReadingImage = (s: SearchSnapshot) => s.matches({ image: 'reading' });
export const isSearchingImage = (s: SearchSnapshot) => s.matches({ image: 'searching' });
export const hasImageSearchFailed = (s: SearchSnapshot) => s.matches({ image: 'failed' });

/** The hashtag a search is for (`#tag` alone: a hashtag's page), or null. */
export const searchedHashtag = (s: SearchSnapshot): string | null => /^#([\p{L}\p{N}_]+)$/u.exec(s.context.searched)?.[1] ?? null;

/** A hashtag page's count of posts ("1 post", "12 posts", "100+ posts"), once the search has answered. */
export const hashtagPostsText = (s: SearchSnapshot): string | null => {
  const posts = s.context.results?.posts;
  if (!posts || searchedHashtag(s) === null) return null;
  return posts.count === 1 && !posts.countIsFloor ? '1 post' : `${countText(posts)} posts`;
};
