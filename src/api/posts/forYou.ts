import { z } from 'zod';
import { postSchema } from './schemas';

/**
 * "For you" and trending hashtags (docs/api.md). The streams page reads GET /post/all/{page}
 * for "Latest" and GET /post/foryou for "For you": a ranked snapshot of what the member may see,
 * paged by an opaque cursor, so paging never repeats or skips a post while new ones arrive.
 */
export const FEED_ORDERS = ['forYou', 'latest'] as const;
export type FeedOrder = (typeof FEED_ORDERS)[number];

/** The opaque cursor of a "For you" page: a snapshot id and a position, or the tail after the snapshot. */
export const forYouCursorSchema = z
  .string({ error: 'Cursor must be text' })
  .max(200, 'Invalid cursor')
  .regex(/^(s|t)\.[0-9a-f-]{36}\.[A-Za-z0-9:._-]+$/, 'Invalid cursor');

export const forYouQuerySchema = z.object({ cursor: forYouCursorSchema.optional() });
export type ForYouQuery = z.input<typeof forYouQuerySchema>;

/** Each post carries `reasons`. */
export const forYouPageSchema = z.object({
  posts: z.array(postSchema),
  nextCursor: z.string().nullable(),
});
export type ForYouPage = z.infer<typeof forYouPageSchema>;

export const FOR_YOU_OFF = 'Personalization is off: turn it on in Settings to see For you';

/** The hashtags most used in the last day, among posts the reader may see. */
export const TRENDING_WINDOW_HOURS = 24;
export const TRENDING_SIZE = 8;
export const trendingSchema = z.object({
  hashtags: z.array(z.object({ tag: z.string(), posts: z.number().int() })),
});
export type Trending = z.infer<typeof trendingSchema>;
