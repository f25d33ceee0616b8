/** What the composer and the outbox say of a group member's post that waits for a group admin (docs/api.md, Groups). */
export const POST_PENDING = 'Your post is waiting for a group admin';
