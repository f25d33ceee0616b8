/** Business constants of the spec, defined once for client and server. */

export const BRAND = 'Stoa';
export const ENVIRONMENT = 'DEV' as const;

/** The spec's default avatar colour, also the product's accent. */
export const DEFAULT_AVATAR_COLOR = '#f33e58';

export const REACTION_TYPES = ['like', 'love', 'angry', 'happy', 'sad', 'wow'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];
export const PRIVACY_LEVELS = ['Public', 'Followers', 'Private'] as const;
/**
 * How a post, question, answer or comment is written: 'plain' text (everything before formatting
 * existed, shown as written) or 'markdown' (docs/client-formatting.md). Stored with each item.
 */
export const TEXT_FORMATS = ['plain', 'markdown'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

export const TOAST_TYPES = ['success', 'error', 'info', 'warning'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
/** Spec: success green, error red, info blue, warning orange. AA contrast with white text. */
export const TOAST_COLORS: Record<ToastType, string> = {
  success: '#15803d',
  error: '#c81e1e',
  info: '#1d4ed8',
  warning: '#c2410c',
};
export const TOAST_TIMEOUT_MS = 3000;
/** Toast text longer than this uses a smaller font. */
export const TOAST_LONG_TEXT = 73;

/** While a member reads offline with their kept profile, the guard asks the server again this often (and at once when the network returns). */
export const SESSION_RECHECK_MS = 30_000;
/** A failed session check (refused token, or no answer with nothing kept): the session is cleared after this long (spec, section 4). */
export const SESSION_FAILURE_LOGOUT_MS = 1000;
/** A side panel that got no answer (offline) loads again when the app is back online, or after this long. */
export const SIDE_PANEL_RETRY_MS = 30_000;
/** A list shown from the copy kept on this device asks the server again this often (docs/client-offline.md). */
export const KEPT_LIST_RETRY_MS = 30_000;
export const GROUP_CREATED_NAVIGATE_MS = 200;
export const INVITE_SEARCH_DEBOUNCE_MS = 500;

/** Widths at or below which layouts switch to mobile. */
export const LOGIN_MOBILE_MAX_WIDTH = 550;
export const CHAT_MOBILE_BELOW_WIDTH = 768;

/** Browser storage keys (spec section 9; the unnamed ones are ours). */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  theme: 'theme',
  keepLoggedIn: 'keepLoggedIn',
  username: 'username',
  pageReload: 'pageReload',
  /** A cookie, not a storage key: the browser-session marker every tab shares (src/effects/shell/storage.ts). */
  browserSession: 'stoaBrowserSession',
} as const;

export const BANNED_MESSAGE = 'Your account has been banned. Please contact support.';

export const INTEREST_TOPICS = [
  'science',
  'music',
  'books',
  'food',
  'travel',
  'fitness',
  'psychology',
  'history',
  'gaming',
  'photography',
  'filmmaking',
  'gardening',
  'diy',
  'technology',
  'business',
  'education',
  'sports',
  'cooking',
  'fashion',
  'writing',
  'marketing',
  'art',
] as const;

// Limits and messages that forms and machines check before sending. Here, without zod, rather
// than beside their schemas: a value import from a schema module brings zod into that page's
// chunk (posts, chat and users re-export them for the server).

export const POST_TEXT_MAX = 5000;
export const COMMENT_MAX = 2000;
export const ANSWER_MAX = 5000;
export const EMPTY_POST = 'Post must not be empty';
export const CHAT_MESSAGE_MAX = 5000;
export const EMPTY_MESSAGE = 'Message must not be empty';
/** The most members one socket watches at once (a page of people, search results, suggestions). */
export const PRESENCE_WATCH_MAX = 200;
/**
 * The most posts one socket watches at once (`watch posts`: every list on screen together, newest
 * first; 300 ids are about 12 KB, under the socket's frame limit). Counters and comments of posts
 * further down a long scrolled list are not pushed; the list shows what it loaded.
 */
export const POST_WATCH_MAX = 300;
/** Items a page of posts, questions, saved posts or media holds (pages.ts). */
export const PAGE_SIZE = 10;
/**
 * List totals (`totalPosts`, `totalQuestions`) count at most this far: a count that grows with the
 * community would make every first page cost more as it grows. Beyond it the answer is this number
 * with `totalAtLeast: true` ("1,000+"); clients page by cursor and never need more.
 */
export const TOTAL_COUNT_MAX = 1000;

/** `<createdAt>_<id>` of an item: the `cursor` (or `since`) that continues after it (pages.ts). */
export const cursorOf = (item: { createdAt: string; _id: string }): string => `${item.createdAt}_${item._id}`;
