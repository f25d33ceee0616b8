import type { SearchKind } from '../../api/search';

/** The member area's routes that machines and app-wide effects need, apart from the machines (the sign-in page's chunk stays small). */

/** The chat screen's route (spec section 2); its query names the conversation (username, id, isGroup). */
export const CHAT_HREF = '/app/social/chat/messages';

/** The notifications inbox's route: while it is on screen a new entry shows there, not as a toast. */
export const INBOX_ROUTE = '/app/social/notifications';

/** A member's profile page (spec: /profile/<username>?id=<_id>; views/people/memberHref.ts is the same, within the member area). */
export const profileHref = (person: { _id: string; username: string }) =>
  `/app/social/profile/${encodeURIComponent(person.username)}?${new URLSearchParams({ id: person._id })}`;

/** A group's page. */
export const groupHref = (id: string) => `/app/social/group/${encodeURIComponent(id)}`;

/** The chat route for a conversation (spec section 2: username, id, isGroup; a group's name goes in username). */
export const conversationHref = (peer: { id: string; username: string; isGroup?: boolean } | null) =>
  peer
    ? `${CHAT_HREF}?${new URLSearchParams({ username: peer.username, id: peer.id, isGroup: String(peer.isGroup ?? false) })}`
    : CHAT_HREF;

/** The search page's address for a query and tab (`tab` only when not the first one). */
export function searchHref(query: string, tab: SearchKind = 'posts'): string {
  const params = new URLSearchParams();
  if (query) params.set('q', query);
  if (tab !== 'posts') params.set('tab', tab);
  const text = params.toString();
  return `/app/social/search${text ? `?${text}` : ''}`;
}
