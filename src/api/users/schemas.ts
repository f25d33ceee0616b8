import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, userSchema } from '../auth/schemas';
import { INTEREST_TOPICS, PRESENCE_WATCH_MAX } from '../constants';
import { NOTIFICATION_SETTINGS } from '../notifications/settings';
import { userSummarySchema } from './follows';
import { MODERATION_STATUSES, REPORT_DETAILS_MAX } from '../moderation/schemas';
import { idSchema } from '../posts/schemas';

/**
 * The User API of spec section 7 (people, profiles, settings, personalization, profile reports,
 * ban status) and the presence socket event, defined once for client and server. docs/api.md
 * explains them. Owner-only parts (e-mail, notification settings, personalization) appear only
 * in the owner's answers.
 */

export const BASIC_INFO_MAX = 100;
export const QUOTE_MAX = 300;
export const SOCIAL_LINK_MAX = 300;
export const HOBBIES_MAX = 20;
export const HOBBY_MAX = 40;
export const SEARCH_TERM_MAX = 50;
export const REPORT_REASON_MAX = 200;
export const PEOPLE_PAGE_SIZE = 10;
export const SUGGESTIONS_SIZE = 10;
export const SEARCH_RESULTS_MAX = 20;

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'twitter', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
const networkNames: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
};

export const NOTIFICATION_TYPES = NOTIFICATION_SETTINGS.map((setting) => setting.type) as ['messages', 'follows', 'reactions', 'comments'];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const interestTopicSchema = z.enum(INTEREST_TOPICS, { error: `Interest must be one of ${INTEREST_TOPICS.join(', ')}` });
export type InterestTopic = z.infer<typeof interestTopicSchema>;

// Pieces

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must not exceed ${max} characters`)
    .optional();

const isWebUrl = (value: string) => URL.canParse(value) && ['https:', 'http:'].includes(new URL(value).protocol);
const socialLink = (network: SocialNetwork) =>
  z
    .string({ error: `${networkNames[network]} link must be text` })
    .trim()
    .max(SOCIAL_LINK_MAX, `${networkNames[network]} link must not exceed ${SOCIAL_LINK_MAX} characters`)
    .refine((value) => value === '' || isWebUrl(value), `${networkNames[network]} link must be an http(s) URL`)
    .optional();

export const socialLinksSchema = z.object({
  facebook: z.string(),
  instagram: z.string(),
  twitter: z.string(),
  youtube: z.string(),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

export const notificationSettingsSchema = z.object({
  messages: z.boolean(),
  follows: z.boolean(),
  reactions: z.boolean(),
  comments: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const personalizeSettingsSchema = z.object({
  allowPersonalize: z.boolean(),
  interests: z.array(interestTopicSchema),
});
export type PersonalizeSettings = z.infer<typeof personalizeSettingsSchema>;

/** A member in a list of people: the summary plus how the viewer relates to them. Never an e-mail. */
export const personSchema = userSummarySchema.extend({
  /** The viewer follows them. */
  isFollowing: z.boolean(),
  /** They follow the viewer. */
  followsYou: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

export const basicInfoSchema = z.object({ work: z.string(), school: z.string(), location: z.string(), quote: z.string() });
export type BasicInfo = z.infer<typeof basicInfoSchema>;

/** GET /user/profile/{userId}. `email`, `notifications` and `personalizeSettings` only for the owner (and `email` for admins). */
export const profileSchema = personSchema.extend({
  coverImage: z.string(),
  createdAt: z.string(),
  basicInfo: basicInfoSchema,
  social: socialLinksSchema,
  hobbies: z.array(z.string()),
  postsCount: z.number().int(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  isOwner: z.boolean(),
  email: z.string().optional(),
  notifications: notificationSettingsSchema.optional(),
  personalizeSettings: personalizeSettingsSchema.optional(),
});
export type Profile = z.infer<typeof profileSchema>;

// Params

export const userIdParamsSchema = z.object({ userId: idSchema('User') });
export const peoplePageParamsSchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(100_000, 'Page must be at most 100000'),
});
export const searchParamsSchema = z.object({
  query: z
    .string({ error: 'Search term is required' })
    .trim()
    .min(1, 'Search term must not be empty')
    .max(SEARCH_TERM_MAX, `Search term must not exceed ${SEARCH_TERM_MAX} characters`),
});

// Bodies and answers

/** `totalUsers` counts at most TOTAL_COUNT_MAX (then `totalAtLeast`: "1,000+"), as the post lists do. */
export const peoplePageSchema = z.object({
  users: z.array(personSchema),
  totalUsers: z.number().int(),
  totalAtLeast: z.literal(true).optional(),
});
export type PeoplePage = z.infer<typeof peoplePageSchema>;
export const suggestionsSchema = z.object({ users: z.array(personSchema) });
export type Suggestions = z.infer<typeof suggestionsSchema>;
/** The spec's user search answer is read as `data.search`. */
export const searchResultsSchema = z.object({ search: z.array(personSchema) });
export type SearchResults = z.infer<typeof searchResultsSchema>;
export const profileResponseSchema = z.object({ user: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
/** Owner edits answer the owner's whole profile, as GET /user/profile/{own id} would. */
export const profileUpdateResponseSchema = z.object({ message: z.string(), user: profileSchema });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX),
    newPassword: z
      .string({ error: 'New password is required' })
      .min(1, 'New password is required')
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `Password must not exceed ${PASSWORD_MAX} characters`),
    confirmPassword: z.string({ error: 'Confirm password is required' }).min(1, 'Confirm password is required'),
  })
  .strict()
  .refine((body) => body.newPassword === body.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] })
  .refine((body) => body.newPassword !== body.currentPassword, {
    message: 'The new password must differ from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;
/** A fresh token: the old ones (this device's included) stop working. */
export const changePasswordResponseSchema = z.object({ message: z.string(), token: z.string(), user: userSchema });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

const notificationFlag = (label: string) => z.boolean({ error: `${label} must be true or false` }).optional();
/** PUT /user/profile/settings: only the settings sent change. */
export const notificationSettingsBodySchema = z
  .object({
    messages: notificationFlag('Direct Messages'),
    follows: notificationFlag('Follows'),
    reactions: notificationFlag('Post Reactions'),
    comments: notificationFlag('Comments'),
  })
  .strict();
export type NotificationSettingsBody = z.input<typeof notificationSettingsBodySchema>;

/** PUT /user/profile/basic-info: only the fields sent change; '' clears one. */
export const basicInfoBodySchema = z
  .object({
    work: optionalText('Work', BASIC_INFO_MAX),
    school: optionalText('School', BASIC_INFO_MAX),
    location: optionalText('Location', BASIC_INFO_MAX),
    quote: optionalText('Quote', QUOTE_MAX),
  })
  .strict();
export type BasicInfoBody = z.input<typeof basicInfoBodySchema>;

/** PUT /user/profile/social-links: only the links sent change; '' clears one. */
export const socialLinksBodySchema = z
  .object({
    facebook: socialLink('facebook'),
    instagram: socialLink('instagram'),
    twitter: socialLink('twitter'),
    youtube: socialLink('youtube'),
  })
  .strict();
export type SocialLinksBody = z.input<typeof socialLinksBodySchema>;

/** PUT /user/profile/personal-hobby: the whole list (trimmed, duplicates dropped, case-insensitively). */
export const hobbiesBodySchema = z
  .object({
    hobbies: z
      .array(
        z
          .string({ error: 'Each hobby must be text' })
          .trim()
          .min(1, 'A hobby must not be empty')
          .max(HOBBY_MAX, `A hobby must not exceed ${HOBBY_MAX} characters`),
        { error: 'Hobbies must be a list' },
      )
      .max(HOBBIES_MAX, `At most ${HOBBIES_MAX} hobbies`)
      .transform((list) => list.filter((hobby, index) => list.findIndex((other) => other.toLowerCase() === hobby.toLowerCase()) === index)),
  })
  .strict();
export type HobbiesBody = z.input<typeof hobbiesBodySchema>;

/** PUT /user/profile/personalize-settings: only what is sent changes; `interests` replaces the list. */
export const personalizeBodySchema = z
  .object({
    allowPersonalize: z.boolean({ error: 'allowPersonalize must be true or false' }).optional(),
    interests: z
      .array(interestTopicSchema, { error: 'Interests must be a list' })
      .max(INTEREST_TOPICS.length, `At most ${INTEREST_TOPICS.length} interests`)
      .transform((list) => [...new Set(list)])
      .optional(),
  })
  .strict();
export type PersonalizeBody = z.input<typeof personalizeBodySchema>;
export const personalizeResponseSchema = z.object({ message: z.string(), personalizeSettings: personalizeSettingsSchema });
export type PersonalizeResponse = z.infer<typeof personalizeResponseSchema>;
export const clearBehaviorResponseSchema = z.object({ message: z.string(), cleared: z.number().int() });
export type ClearBehaviorResponse = z.infer<typeof clearBehaviorResponseSchema>;

/**
 * PUT /user/profile/images: the profile picture and cover image, each an image the owner uploaded
 * with POST /images/profile or POST /images/background (its `_id`), or null to remove it.
 */
export const profileImagesBodySchema = z
  .object({
    profilePicture: idSchema('Image').nullable().optional(),
    coverImage: idSchema('Image').nullable().optional(),
  })
  .strict();
export type ProfileImagesBody = z.input<typeof profileImagesBodySchema>;

// Profile reports

export const reportProfileBodySchema = z
  .object({
    userId: idSchema('User'),
    reason: z
      .string({ error: 'Reason is required' })
      .trim()
      .min(1, 'Reason is required')
      .max(REPORT_REASON_MAX, `Reason must not exceed ${REPORT_REASON_MAX} characters`),
    details: z
      .string({ error: 'Details must be text' })
      .trim()
      .max(REPORT_DETAILS_MAX, `Details must not exceed ${REPORT_DETAILS_MAX} characters`)
      .optional(),
  })
  .strict();
export type ReportProfileBody = z.input<typeof reportProfileBodySchema>;

export const reportProfileResponseSchema = z.object({
  message: z.string(),
  report: z.object({
    _id: z.string(),
    userId: z.string(),
    reason: z.string(),
    details: z.string(),
    status: z.enum(MODERATION_STATUSES),
    createdAt: z.string(),
  }),
});
export type ReportProfileResponse = z.infer<typeof reportProfileResponseSchema>;

// Ban status

export const banStatusSchema = z.object({
  ban: z.object({
    userId: z.string(),
    username: z.string(),
    isBanned: z.boolean(),
    /** Set by the admin area when it bans; empty until then. */
    reason: z.string(),
    bannedAt: z.string().nullable(),
  }),
});
export type BanStatus = z.infer<typeof banStatusSchema>;

// Presence

export const onlineUsersSchema = z.object({ userIds: z.array(z.string()) });
export type OnlineUsers = z.infer<typeof onlineUsersSchema>;

export { PRESENCE_WATCH_MAX };

/**
 * `watch presence` (client to server): the members whose presence this socket wants, replacing
 * what it watched before. The acknowledgement's `online` holds those of them online now (members
 * in a block with the watcher left out); then `user online` changes arrive for them only.
 */
export const watchPresenceSchema = z.object({
  userIds: z.array(idSchema('User')).max(PRESENCE_WATCH_MAX, { error: `Watch at most ${PRESENCE_WATCH_MAX} members at once` }),
});
export type WatchPresence = z.infer<typeof watchPresenceSchema>;

/**
 * The `user online` socket event: a watched member (see watchPresenceSchema) went online (any of
 * their sockets connected, on any process; sent on every connect) or offline (their last socket left).
 */
export type UserOnlinePayload = { type: 'change'; userId: string; online: boolean };
