/**
 * The header's search box from 1024px (SearchBar's inline form): its width and margins, which the
 * member layout also gives the box's place while the box's code comes (MemberLayout's InlineSearchPlace).
 */
export const INLINE_SEARCH_BOX = 'mx-4 w-full max-w-sm';
