/**
 * A member's profile address (spec: /profile/<username>?id=<_id>). A module of its own: the
 * streams' right column links members without loading the people pages' logic.
 */
export const memberHref = (person: { _id: string; username: string }) =>
  `/profile/${encodeURIComponent(person.username)}?${new URLSearchParams({ id: person._id })}`;
