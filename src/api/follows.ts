import { z } from 'zod';

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
export const usersListSchema = z.object({ users: z.array(userSummarySchema), count: z.number().int() });
export type UsersList = z.infer<typeof usersListSchema>;
