import type { SearchSuggestSnapshot, Suggestion } from './searchSuggest.machine';

/** What the header's box holds. */
export const suggestQuery = (s: SearchSuggestSnapshot) => s.context.query;

/** The list is on screen: it was answered and has options. */
export const isSuggestOpen = (s: SearchSuggestSnapshot) => s.matches('open') && s.context.options.length > 0;

export const suggestOptions = (s: SearchSuggestSnapshot): Suggestion[] => s.context.options;

/** The highlighted option's index (-1: none). */
export const activeSuggestion = (s: SearchSuggestSnapshot) => (s.matches('open') ? s.context.active : -1);

/** A stable key for an option (its DOM id and React key). */
export const suggestionKey = (option: Suggestion) =>
  option.kind === 'person' ? `person-${option.person._id}` : option.kind === 'group' ? `group-${option.group._id}` : `tag-${option.tag}`;

/** What an option says: the member's name, the group's name, or the hashtag. */
export const suggestionLabel = (option: Suggestion) =>
  option.kind === 'person' ? option.person.username : option.kind === 'group' ? option.group.name : `#${option.tag}`;
