import { z } from 'zod';
import { topicSchema } from './topicSchemas';

/**
 * Why a post stands where it does in "For you": the reasons the ranking gave it weight,
 * strongest first. The client words them ("You follow ada", "Matches your interest: Science").
 */
export const feedReasonSchema = z.discriminatedUnion('kind', [
  /** The reader's own post. */
  z.object({ kind: z.literal('own') }),
  z.object({ kind: z.literal('follow'), username: z.string() }),
  /** The reader reacted to, commented on or opened this author's posts lately. */
  z.object({ kind: z.literal('interacted'), username: z.string() }),
  z.object({ kind: z.literal('interest'), topic: topicSchema }),
  /** Many reactions and comments in its first day. */
  z.object({ kind: z.literal('popular') }),
  /** Nothing else: it is simply new. */
  z.object({ kind: z.literal('recent') }),
]);
export type FeedReason = z.infer<typeof feedReasonSchema>;
