import { z } from 'zod';
import { chatImageUrlSchema, groupNameSchema, groupPrivacySchema } from '../chat/schemas';
import { GROUP_CATEGORIES } from './categories';
import { cursorSchema, nextCursorSchema } from '../pages';
import { createPostBodySchema, dataUrlSchema, idSchema, imageAltSchema, posterSchema } from '../posts/schemas';

/**
 * Groups (spec sections 2, 3, 4 and 7, the /group/... family; group chats are src/api/chat/schemas.ts):
 * every body and answer, defined once for client and server. docs/api.md explains them.
 */

export const GROUP_TAGS_MAX = 20;
export const GROUP_TAG_MAX = 30;
export const GROUP_INVITES_MAX = 200;
export const GROUP_DESCRIPTION_MAX = 1000;
export const GROUP_MESSAGES = {
  categoryRequired: 'At least one category is required',
  tagRequired: 'At least one tag is required',
  notFound: 'Group not found',
  adminsOnly: 'Only group admins can do that',
} as const;

export { groupNameSchema, groupPrivacySchema };
export type GroupPrivacy = z.infer<typeof groupPrivacySchema>;

const description = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(GROUP_DESCRIPTION_MAX, `Description must not exceed ${GROUP_DESCRIPTION_MAX} characters`);

/** Tags: trimmed, non-empty, no duplicates (any case; the first spelling is kept), at least one. */
export const groupTagsSchema = z
  .array(
    z
      .string({ error: 'A tag must be text' })
      .trim()
      .min(1, 'A tag must not be empty')
      .max(GROUP_TAG_MAX, `A tag must not exceed ${GROUP_TAG_MAX} characters`),
    { error: GROUP_MESSAGES.tagRequired },
  )
  .transform((tags) => tags.filter((tag, index) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === index))
  .pipe(z.array(z.string()).min(1, GROUP_MESSAGES.tagRequired).max(GROUP_TAGS_MAX, `At most ${GROUP_TAGS_MAX} tags`));

/** Categories: 1 to 24 of GROUP_CATEGORIES, duplicates dropped. */
export const groupCategoriesSchema = z
  .array(z.enum(GROUP_CATEGORIES, { error: `Category must be one of ${GROUP_CATEGORIES.join(', ')}` }), {
    error: GROUP_MESSAGES.categoryRequired,
  })
  .transform((categories) => [...new Set(categories)])
  .pipe(z.array(z.enum(GROUP_CATEGORIES)).min(1, GROUP_MESSAGES.categoryRequired).max(GROUP_CATEGORIES.length));

/** A member to invite: an id, or the spec's invited-member object (only its userId is read). */
const inviteEntry = z.preprocess(
  (value) => (typeof value === 'object' && value !== null && 'userId' in value ? (value as { userId: unknown }).userId : value),
  idSchema('Member'),
);
export const groupInvitesSchema = z
  .array(inviteEntry, { error: 'Members must be a list of member ids' })
  .max(GROUP_INVITES_MAX, `At most ${GROUP_INVITES_MAX} members at a time`);

/** POST /group/create. `members` are invited (pending until they accept). */
export const createGroupBodySchema = z.object({
  name: groupNameSchema,
  description: description.default(''),
  privacy: groupPrivacySchema.default('public'),
  members: groupInvitesSchema.default([]),
  tags: groupTagsSchema,
  category: groupCategoriesSchema,
  profileImage: chatImageUrlSchema.default(''),
});
export type CreateGroupBody = z.input<typeof createGroupBodySchema>;

/** PUT /group/{id}: only what is sent changes (the same rules as creating). */
export const updateGroupBodySchema = z.object({
  name: groupNameSchema.optional(),
  description: description.optional(),
  privacy: groupPrivacySchema.optional(),
  tags: groupTagsSchema.optional(),
  category: groupCategoriesSchema.optional(),
  profileImage: chatImageUrlSchema.optional(),
});
export type UpdateGroupBody = z.input<typeof updateGroupBodySchema>;

export const groupMembersBodySchema = z.object({
  members: groupInvitesSchema.pipe(z.array(z.string()).min(1, 'At least one member is required')),
});
export type GroupMembersBody = z.input<typeof groupMembersBodySchema>;

/** PUT /group/leave/{id}: the last admin names the member who takes over. */
export const leaveGroupBodySchema = z.object({ newAdminId: idSchema('User').optional() }).default({});
export type LeaveGroupBody = z.input<typeof leaveGroupBodySchema>;

/** POST /post/group/{id}: a post (text, gif, optional image or video data URL). Privacy is the group's. */
export const createGroupPostBodySchema = createPostBodySchema.omit({ privacy: true }).extend({
  image: dataUrlSchema('Image').optional(),
  imageAlt: imageAltSchema.optional(),
  video: dataUrlSchema('Video').optional(),
  poster: posterSchema,
});
export type CreateGroupPostBody = z.input<typeof createGroupPostBodySchema>;

export const groupRoleSchema = z.enum(['admin', 'member']);
export const groupMemberStatusSchema = z.enum(['pending', 'accepted']);
export const joinedBySchema = z.enum(['creator', 'invited', 'joined', 'request']);

/** The spec's invited member, for every membership (joinedBy tells how it began). */
export const groupMembershipSchema = z.object({
  userId: z.string(),
  username: z.string(),
  avatarColor: z.string(),
  profilePicture: z.string(),
  joinedAt: z.string(),
  role: groupRoleSchema,
  joinedBy: joinedBySchema,
  status: groupMemberStatusSchema,
  invitedBy: z.string().nullable(),
});
export type GroupMembership = z.infer<typeof groupMembershipSchema>;

export const groupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  privacy: groupPrivacySchema,
  profileImage: z.string(),
  tags: z.array(z.string()),
  category: z.array(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Accepted members only (invited ones count after accepting). */
  memberCount: z.number().int(),
  /** Group admins' user ids (the spec's `admins`); empty when the viewer may not see the member list. */
  admins: z.array(z.string()),
  /** Accepted members, plus pending ones for group admins; empty when the viewer may not see the member list. */
  members: z.array(groupMembershipSchema),
  /** The viewer's own membership, null when none. */
  membership: groupMembershipSchema.nullable(),
  /**
   * Where the member list goes on (GET /group/{groupId}/members?cursor=): `members` is its first
   * GROUP_MEMBERS_PAGE_SIZE; null when that is all of it (and in lists of groups).
   */
  membersNextCursor: nextCursorSchema,
});
export type Group = z.infer<typeof groupSchema>;

/** A group's members come this many at a time, in the order they joined. */
export const GROUP_MEMBERS_PAGE_SIZE = 50;
export const groupMembersPageSchema = z.object({ members: z.array(groupMembershipSchema), nextCursor: nextCursorSchema });
export type GroupMembersPage = z.infer<typeof groupMembersPageSchema>;

export const groupResponseSchema = z.object({ message: z.string(), group: groupSchema });
export const singleGroupSchema = z.object({ group: groupSchema });
export const groupsSchema = z.object({ groups: z.array(groupSchema) });
/** Groups to discover and search results come GROUPS_PAGE_SIZE at a time, newest first; `?cursor=` is the previous page's `nextCursor`. */
export const GROUPS_PAGE_SIZE = 30;
export const groupsPageSchema = groupsSchema.extend({ nextCursor: nextCursorSchema });
export type GroupsPage = z.infer<typeof groupsPageSchema>;
export const groupsPageQuerySchema = z.object({ cursor: cursorSchema.optional() });
export const pendingGroupInvitationsSchema = z.object({ pendingGroups: z.array(groupSchema) });
export const pendingMembersSchema = z.object({ pendingMembers: z.array(groupMembershipSchema) });
export const groupIdAnswerSchema = z.object({ message: z.string(), groupId: z.string() });
export const joinGroupResponseSchema = z.object({ message: z.string(), status: groupMemberStatusSchema, group: groupSchema });
/** The replies' types, as the typed client (./client.ts) and the machines read them. */
export type GroupAnswer = z.infer<typeof groupResponseSchema>;
export type SingleGroup = z.infer<typeof singleGroupSchema>;
export type Groups = z.infer<typeof groupsSchema>;
export type PendingGroupInvitations = z.infer<typeof pendingGroupInvitationsSchema>;
export type PendingMembers = z.infer<typeof pendingMembersSchema>;
export type GroupIdAnswer = z.infer<typeof groupIdAnswerSchema>;
export type JoinAnswer = z.infer<typeof joinGroupResponseSchema>;
export const groupsQuerySchema = groupsPageQuerySchema.extend({
  search: z.string({ error: 'Search term must be text' }).trim().max(50, 'Search term must not exceed 50 characters').optional(),
});

/** Socket `group action` the server sends (CREATE_GROUP to the creator and every invited member, ...). */
export const groupActionEventSchema = z.object({
  type: z.enum(['CREATE_GROUP', 'UPDATE_GROUP', 'DELETE_GROUP', 'JOIN_GROUP', 'LEAVE_GROUP']),
  groupId: z.string(),
  groupName: z.string(),
  groupPicture: z.string(),
  members: z.array(groupMembershipSchema),
});
export type GroupActionEvent = z.infer<typeof groupActionEventSchema>;
