import type { Generated } from 'kysely';
import type { Role } from '../../src/api/auth';
import type { ReactionType, TextFormat } from '../../src/api/constants';
import type { AppealStatus, AuditAction, AuditTarget, ModerationStatus, ReportReason } from '../../src/api/moderation';
import type { NotificationKind, NotificationTarget } from '../../src/api/notifications';

/**
 * The tables as Kysely sees them. Later areas add their tables here and in a new migration.
 * Portable column types on purpose: timestamps are ISO-8601 UTC text (they sort as text on both
 * SQLite and PostgreSQL) and booleans are 0/1 integers (better-sqlite3 cannot bind booleans).
 */
export interface UsersTable {
  id: string;
  auth_id: string;
  username: string;
  username_lower: string;
  email: string;
  password_hash: string | null;
  role: Role;
  avatar_color: string;
  avatar_image: string;
  profile_picture: string;
  is_banned: number;
  token_version: number;
  allow_personalize: number;
  /** The linked Google account (ID token `sub`), NULL when none; see migration 0003_google. */
  google_sub: string | null;
  created_at: string;
  updated_at: string;
}

/** One row per issued token (its jti); deleting the row ends the token at once. */
export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: string;
  created_at: string;
  /** The device in words, from the user agent at sign-in ('' when it said nothing we know). */
  browser: Generated<string>;
  system: Generated<string>;
  /** Ended from another device (Settings > Where you are signed in): refused, kept until expires_at. */
  ended_at: string | null;
}

/** When a session was last seen; apart from `sessions` so its updates leave the auth version alone. */
export interface SessionActivityTable {
  session_id: string;
  last_seen_at: string;
}

/** Every browser and system a member signed in from: a sign-in from a new one is told by e-mail. */
export interface KnownDevicesTable {
  user_id: string;
  browser: string;
  system: string;
  first_seen_at: string;
}

/** Only the sha256 of a reset token is kept, so a leaked database cannot reset passwords. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A post or a question (`kind`). Reaction counts are kept here, one column per type. */
/** The posts column that counts one kind of reaction (kept in step by the reactions store). */
export type ReactionColumn = `reactions_${ReactionType}`;
export const reactionColumn = (type: ReactionType): ReactionColumn => `reactions_${type}`;

export interface PostsTable {
  id: string;
  kind: 'post' | 'question';
  user_id: string;
  group_id: string | null;
  group_status: string | null;
  post: string;
  bg_color: string;
  privacy: 'Public' | 'Followers' | 'Private';
  feelings: string;
  gif_url: string;
  image_version: string;
  image_id: string;
  image_alt: string;
  video_version: string;
  /** The stored file's name, `{uuid}.{mp4|webm}`. */
  video_id: string;
  /** The video's poster, an image (0019_video_posters); both '' when it has none. */
  video_poster_version: string;
  video_poster_id: string;
  comments_count: number;
  answers_count: number;
  accepted_answer_id: string | null;
  reactions_like: number;
  reactions_love: number;
  reactions_angry: number;
  reactions_happy: number;
  reactions_sad: number;
  reactions_wow: number;
  hidden: number;
  created_at: string;
  updated_at: string;
  edited_at: string | null;
  /** Why moderators hid the post, who and when (migration 0010_moderation); '' / NULL while not hidden. */
  hidden_reason: string;
  hidden_by: string | null;
  hidden_at: string | null;
  /** Comma-joined interest topics (migration 0014_hashtags): the author's choice, and all (chosen + from hashtags). */
  chosen_topics: string;
  topics: string;
  /** How its text is written (0022_text_format): 'plain' (every older post) or 'markdown'. */
  format: TextFormat;
}

export interface AnswersTable {
  id: string;
  question_id: string;
  user_id: string;
  answer: string;
  created_at: string;
  updated_at: string;
  edited_at: string | null;
  /** 'plain' or 'markdown' (0022_text_format). */
  format: TextFormat;
}

/** One per member per post; the unique (post_id, user_id) pair enforces it. */
export interface ReactionsTable {
  id: string;
  post_id: string;
  user_id: string;
  type: ReactionType;
  created_at: string;
  updated_at: string;
}

export interface CommentsTable {
  id: string;
  post_id: string;
  user_id: string;
  comment: string;
  created_at: string;
  updated_at: string;
  edited_at: string | null;
  /** 'plain' or 'markdown' (0022_text_format). */
  format: TextFormat;
}

export interface SavedPostsTable {
  user_id: string;
  post_id: string;
  created_at: string;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: string;
}

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

/** Images members upload outside posts (profile, background, group avatar, gallery). */
export interface ImagesTable {
  id: string;
  user_id: string;
  kind: string;
  version: string;
  ext: string;
  created_at: string;
}

/** A member's profile details and choices (migration 0004_profiles); no row means the defaults. */
export interface UserProfilesTable {
  user_id: string;
  cover_image: string;
  work: string;
  school: string;
  location: string;
  quote: string;
  /** JSON: {facebook, instagram, twitter, youtube}. */
  social_links: string;
  /** JSON: string[]. */
  hobbies: string;
  /** JSON: interest topics (INTEREST_TOPICS). */
  interests: string;
  notify_messages: number;
  notify_follows: number;
  notify_reactions: number;
  notify_comments: number;
  ban_reason: string;
  banned_at: string | null;
  updated_at: string;
  /** The admin who banned the member (migration 0010_moderation). */
  banned_by: string | null;
}

/** What a member did that personalization may learn from; cleared on request. */
export interface UserBehaviorsTable {
  id: string;
  user_id: string;
  action: string;
  subject_id: string | null;
  topic: string | null;
  created_at: string;
}

export interface ProfileReportsTable {
  id: string;
  reporter_id: string;
  reported_id: string;
  reason: string;
  details: string;
  status: ModerationStatus;
  created_at: string;
  updated_at: string;
}

/** Chat (migration 0005_chat): see server/modules/chat. Booleans are 0/1. */
export interface ChatGroupsTable {
  id: string;
  name: string;
  description: string;
  privacy: 'public' | 'private';
  profile_image: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}
export interface ChatGroupMembersTable {
  group_id: string;
  user_id: string;
  state: 'pending' | 'accepted';
  role: 'admin' | 'member';
  joined_by: 'creator' | 'invited';
  invited_by: string | null;
  joined_at: string;
  /** The newest seq of the group's messages this member has read (0: none). */
  last_read_seq: Generated<number>;
}
export interface ChatConversationsTable {
  id: string;
  kind: 'private' | 'group';
  user_one: string | null;
  user_two: string | null;
  group_id: string | null;
  last_seq: number;
  last_message_at: string | null;
  created_at: string;
}
export interface ChatMessagesTable {
  id: string;
  conversation_id: string;
  seq: number;
  sender_id: string;
  receiver_id: string | null;
  group_id: string | null;
  body: string;
  gif_url: string;
  selected_image: string;
  is_read: number;
  deleted_for_everyone: number;
  client_id: string | null;
  created_at: string;
}
export interface ChatHiddenMessagesTable {
  message_id: string;
  user_id: string;
}
export interface ChatReactionsTable {
  message_id: string;
  user_id: string;
  type: ReactionType;
  created_at: string;
}
export interface ChatViewersTable {
  user_id: string;
  other_id: string;
  created_at: string;
}

/** Groups (migration 0006_groups): see server/modules/groups. Tags and categories are JSON text. */
export interface GroupsTable {
  id: string;
  name: string;
  description: string;
  privacy: 'public' | 'private';
  profile_image: string;
  tags: string;
  categories: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}
export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  role: 'admin' | 'member';
  status: 'pending' | 'accepted';
  joined_by: 'creator' | 'invited' | 'joined' | 'request';
  invited_by: string | null;
  joined_at: string;
}

/** Moderation (migration 0010_moderation): see server/modules/moderation. */
export interface PostReportsTable {
  id: string;
  post_id: string;
  reporter_id: string;
  reason: ReportReason;
  details: string;
  status: ModerationStatus;
  created_at: string;
  updated_at: string;
}
export interface AppealsTable {
  id: string;
  user_id: string;
  /** The ban appealed against, as it was when the appeal was filed. */
  ban_reason: string;
  banned_at: string;
  message: string;
  status: AppealStatus;
  reply: string;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}
export interface AuditLogTable {
  id: string;
  admin_id: string | null;
  action: AuditAction;
  target_type: AuditTarget;
  target_id: string;
  target_label: string;
  /** The member or post the action is about (the history beside each item is read by it). */
  subject_id: string;
  reason: string;
  created_at: string;
}
/** Members (`users`) and posts (`posts`, questions included) created per UTC day, kept by triggers. */
export interface DailyCountsTable {
  kind: 'users' | 'posts';
  /** YYYY-MM-DD (UTC). */
  day: string;
  n: number;
}
/** The notifications inbox (migration 0011_notifications): see server/modules/notifications. */
export interface NotificationsTable {
  id: string;
  /** The recipient. */
  user_id: string;
  kind: NotificationKind;
  target_type: NotificationTarget;
  target_id: string;
  /** Unique per recipient: `<kind>:<target id>`, or `follow:<UTC day>`. */
  group_key: string;
  detail: string;
  actor_count: number;
  read_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface NotificationActorsTable {
  notification_id: string;
  actor_id: string;
  created_at: string;
}
/** Per member, kept in the transactions that change their entries. */
/** Idempotent sends (migration 0013_client_sends): the item a member's client id stored, per kind. */
export interface ClientSendsTable {
  author_id: string;
  kind: 'post' | 'question' | 'comment' | 'answer';
  client_id: string;
  item_id: string;
  created_at: string;
}
export interface NotificationCountersTable {
  user_id: string;
  unread: number;
  total: number;
}
/**
 * Search (migration 0012_search): the folded text of each post, member and group
 * (server/core/searchText.ts), written in the same transaction as the row it belongs to.
 * `id` is the insertion order (the search windows walk it). SQLite indexes the text with FTS5
 * tables kept by triggers; PostgreSQL with a generated tsvector column and a GIN index.
 */
export interface PostSearchTable {
  id: Generated<number>;
  post_id: string;
  kind: 'post' | 'question';
  search_text: string;
}
/** An answer's words (0027_answer_search); `id` comes from post_search's sequence (one order of writing for both). */
export interface AnswerSearchTable {
  id: Generated<number>;
  answer_id: string;
  search_text: string;
}
export interface UserSearchTable {
  id: Generated<number>;
  user_id: string;
  search_text: string;
}
export interface GroupSearchTable {
  id: Generated<number>;
  group_id: string;
  name_text: string;
  body_text: string;
}
/** A post image's perceptual hash (16 hex digits), its four 16-bit bands (indexed) and average colour. */
export interface ImageHashesTable {
  post_id: string;
  image_id: string;
  hash: string;
  band0: number;
  band1: number;
  band2: number;
  band3: number;
  color: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  session_activity: SessionActivityTable;
  known_devices: KnownDevicesTable;
  password_resets: PasswordResetsTable;
  posts: PostsTable;
  answers: AnswersTable;
  reactions: ReactionsTable;
  comments: CommentsTable;
  saved_posts: SavedPostsTable;
  follows: FollowsTable;
  blocks: BlocksTable;
  images: ImagesTable;
  chat_groups: ChatGroupsTable;
  chat_group_members: ChatGroupMembersTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_hidden_messages: ChatHiddenMessagesTable;
  chat_reactions: ChatReactionsTable;
  chat_viewers: ChatViewersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  user_profiles: UserProfilesTable;
  user_behaviors: UserBehaviorsTable;
  profile_reports: ProfileReportsTable;
  post_reports: PostReportsTable;
  appeals: AppealsTable;
  audit_log: AuditLogTable;
  daily_counts: DailyCountsTable;
  notifications: NotificationsTable;
  notification_actors: NotificationActorsTable;
  notification_counters: NotificationCountersTable;
  post_search: PostSearchTable;
  answer_search: AnswerSearchTable;
  user_search: UserSearchTable;
  group_search: GroupSearchTable;
  image_hashes: ImageHashesTable;
  client_sends: ClientSendsTable;
  text_tags: TextTagsTable;
  text_mentions: TextMentionsTable;
  post_topics: PostTopicsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  data_exports: DataExportsTable;
  account_deletions: AccountDeletionsTable;
}

/** A hashtag of a post, comment or answer (`source_id`), with the post it belongs to (0014_hashtags). */
export interface TextTagsTable {
  source_id: string;
  post_id: string;
  tag: string;
  created_at: string;
  /** 1: a post's own tag while the post is Public, in no group and not hidden; trending reads only these (0016_trending_tags). */
  trends: Generated<number>;
}

/** A member mentioned in a post, comment or answer. */
export interface TextMentionsTable {
  source_id: string;
  post_id: string;
  user_id: string;
  created_at: string;
}

/** One interest topic of a post, with the post's creation time: a topic's posts, newest first, by index (0021_post_topics). */
export interface PostTopicsTable {
  topic: string;
  post_id: string;
  created_at: string;
}

/** A member's TOTP secret, encrypted; on once `enabled_at` is set (0023_two_factor). */
export interface TwoFactorTable {
  user_id: string;
  secret: string;
  enabled_at: string | null;
  /** The last time step accepted: codes of it or earlier are refused. */
  last_step: number | null;
  created_at: string;
  updated_at: string;
}

/** The SHA-256 of one recovery code; `used_at` once used (0023_two_factor). */
export interface TwoFactorRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export type UserRow = UsersTable;
export type PostRow = PostsTable;
export type AnswerRow = AnswersTable;
export type CommentRow = CommentsTable;

/** A member's data export (0025_account_data): see server/modules/accountData. */
export interface DataExportsTable {
  id: string;
  user_id: string;
  status: 'preparing' | 'ready' | 'failed';
  /** The archive's name under DATA_DIR/exports ('' until ready). */
  file: string;
  size: number;
  error: string;
  created_at: string;
  /** Moved while the job writes; a preparing export whose heartbeat stopped is marked failed. */
  heartbeat_at: string;
  ready_at: string | null;
  expires_at: string | null;
}

/** A member's scheduled deletion (0025_account_data). */
export interface AccountDeletionsTable {
  user_id: string;
  requested_at: string;
  delete_after: string;
}
