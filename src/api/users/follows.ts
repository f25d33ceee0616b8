import { z } from 'zod';
import { cursorSchema, nextCursorSchema } from '../pages';

/** Follows and blocks (not in the spec's call list; paths are ours, see docs/api.md). */

/** A member as lists of people show them: never an e-mail. */
export const userSummarySchema = z.object({
  _id: z.string(),
  username: z.string(),
  avatarColor: z.string(),
  avatarImage: z.string(),
  profilePicture: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const followResponseSchema = z.object({ message: z.string(), userId: z.string(), following: z.boolean() });
export type FollowResponse = z.infer<typeof followResponseSchema>;
export const blockResponseSchema = z.object({ message: z.string(), userId: z.string(), blocked: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponseSchema>;
/**
 * A list of members. Followers and following come a page at a time (USERS_PAGE_SIZE, newest follow
 * first): `?cursor=` is the `nextCursor` of the page before; `count` (everyone in the list the
 * viewer may see) comes with the first page. The blocked list comes whole.
 */
export const usersListSchema = z.object({
  users: z.array(userSummarySchema),
  count: z.number().int().optional(),
  nextCursor: nextCursorSchema,
});
export type UsersList = z.infer<typeof usersListSchema>;
export const USERS_PAGE_SIZE = 50;
export const usersPageQuerySchema = z.object({ cursor: cursorSchema.optional() });
