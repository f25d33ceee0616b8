import { z } from 'zod';
import {
  ANSWER_MAX,
  COMMENT_MAX,
  EMPTY_POST,
  POST_TEXT_MAX,
  POST_WATCH_MAX,
  PRIVACY_LEVELS,
  REACTION_TYPES,
  TEXT_FORMATS,
} from '../constants';
import { FEELINGS, POST_BG_COLORS } from './choices';
import { nextCursorSchema, pageNumberSchema } from '../pages';
import { feedReasonSchema } from './reasons';
import { chosenTopicsSchema, topicSchema } from './topicSchemas';

/**
 * Posts, questions and answers, reactions, comments and saved posts: every body and answer of
 * the Post API (spec section 7), defined once for client and server. docs/api.md explains them.
 */

export { ANSWER_MAX, COMMENT_MAX, EMPTY_POST, POST_TEXT_MAX, POST_WATCH_MAX };
export const IMAGE_ALT_MAX = 1000;
export const GIF_URL_MAX = 2048;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An entity id (UUIDv7 as the server makes them); anything else is refused with a clear message. */
export const idSchema = (what: string) =>
  z
    .string({ error: `${what} id is required` })
    .regex(UUID, `Invalid ${what.toLowerCase()} id`)
    .transform((value) => value.toLowerCase());

const INVALID_ID = /^Invalid ([a-z]+) id$/;
/**
 * In a path, a malformed id names nothing, like an id of something the viewer may not see: the
 * same 404 and message (`Post not found`), so a page shows its not-found state. In a body it stays
 * a 400 ("Invalid post id"): there the client sent a bad value.
 */
export function notFoundForMalformedId(message: string): string | null {
  const what = INVALID_ID.exec(message)?.[1];
  return what ? `${what[0]!.toUpperCase()}${what.slice(1)} not found` : null;
}

/**
 * A client's own id for a send (a UUID it makes once per send): a post, question, comment, answer or
 * chat message sent again with the same one is stored once, and the retry answers the first result
 * (docs/api.md, "Idempotent sends").
 */
export const clientIdSchema = z
  .string({ error: 'Client id must be a UUID' })
  .regex(UUID, 'Client id must be a UUID')
  .transform((value) => value.toLowerCase());

export const postKindSchema = z.enum(['post', 'question']);
export type PostKind = z.infer<typeof postKindSchema>;
export const privacySchema = z.enum(PRIVACY_LEVELS, { error: 'Privacy must be Public, Followers or Private' });
export type Privacy = z.infer<typeof privacySchema>;
export const feelingSchema = z.enum([...FEELINGS, ''], { error: `Feeling must be one of ${FEELINGS.join(', ')}` });
export type Feeling = z.infer<typeof feelingSchema>;
export const bgColorSchema = z
  .string({ error: 'Background colour must be one of the post colours' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(POST_BG_COLORS, { error: 'Background colour must be one of the post colours' }));
/** 'plain' (the default, and every item written before formats existed) or 'markdown'. */
export const textFormatSchema = z.enum(TEXT_FORMATS, { error: 'Format must be plain or markdown' });
export type { TextFormat } from '../constants';
export const reactionTypeSchema = z.enum(REACTION_TYPES, { error: `Reaction type must be one of ${REACTION_TYPES.join(', ')}` });

const isHttpsUrl = (value: string) => URL.canParse(value) && new URL(value).protocol === 'https:';
export const gifUrlSchema = z
  .string({ error: 'GIF URL must be an https URL' })
  .trim()
  .max(GIF_URL_MAX, 'GIF URL is too long')
  .refine((value) => value === '' || isHttpsUrl(value), 'GIF URL must be an https URL');
const postText = z.string({ error: 'Post text must be text' }).max(POST_TEXT_MAX, `Post must not exceed ${POST_TEXT_MAX} characters`);
const imageAlt = z
  .string({ error: 'Image description must be text' })
  .trim()
  .max(IMAGE_ALT_MAX, `Image description must not exceed ${IMAGE_ALT_MAX} characters`);
export const imageAltSchema = imageAlt;

/** A base64 data URL. Its declared type is not trusted: the server decides by the bytes. */
export const dataUrlSchema = (what: 'Image' | 'Video') =>
  z
    .string({ error: `${what} is required` })
    .regex(/^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/=\r\n]+$/, `${what} must be a base64 data URL`);

/** A video's poster (its first frame) sent with it: optional, an image as a data URL when not a multipart part. */
export const posterSchema = z
  .string({ error: 'Video poster must be a base64 data URL' })
  .regex(/^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/=\r\n]+$/, 'Video poster must be a base64 data URL')
  .optional();

/** Reaction counts, always computed by the server: every type, zero included. */
export const reactionCountsSchema = z.object(
  Object.fromEntries(REACTION_TYPES.map((type) => [type, z.number().int()])) as Record<(typeof REACTION_TYPES)[number], z.ZodNumber>,
);
export type ReactionCounts = z.infer<typeof reactionCountsSchema>;

export const postSchema = z.object({
  _id: z.string(),
  kind: postKindSchema,
  post: z.string(),
  /** How `post` is written: 'plain' or 'markdown' (docs/client-formatting.md). */
  format: textFormatSchema,
  bgColor: z.string(),
  privacy: privacySchema,
  feelings: feelingSchema,
  gifUrl: z.string(),
  /** The image's URL (/media/image/upload/v{imgVersion}/{imgId}) or ''. */
  image: z.string(),
  imgVersion: z.string(),
  imgId: z.string(),
  imageAlt: z.string(),
  /** The video's URL (/media/video/upload/v{videoVersion}/{videoId}) or ''. */
  video: z.string(),
  videoVersion: z.string(),
  videoId: z.string(),
  /** The video's poster image URL (its first frame, drawn by the composer at upload) or '' (docs/api.md, "Video posters"). */
  videoPoster: z.string(),
  userId: z.string(),
  username: z.string(),
  /** Only in answers to the author and to admins. */
  email: z.string().optional(),
  avatarColor: z.string(),
  /** The uploaded profile picture, else the drawn avatar. */
  profilePicture: z.string(),
  commentsCount: z.number().int(),
  reactions: reactionCountsSchema,
  /** Questions: how many answers, and the accepted one. Zero and null for posts. */
  answersCount: z.number().int(),
  acceptedAnswerId: z.string().nullable(),
  /** Group posts come with the groups issue; null for now. */
  groupId: z.string().nullable(),
  /** Group posts only: pending until a group admin accepts (or declines) a member's post. */
  groupStatus: z.enum(['pending', 'accepted', 'declined']).optional(),
  /** Hidden by a moderator: then only admins and its author see it (the author marked, and unable to edit it). */
  hidden: z.boolean(),
  /** Why moderators hid it: only on hidden posts, only in answers to the author and to admins. */
  hiddenReason: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set when the author changed the post after publishing it: the "edited" marker. */
  editedAt: z.string().nullable(),
  // For the member reading it (computed in the same query as the post; see docs/api.md):
  /** The reader's own reaction on the post, or null. */
  userReaction: reactionTypeSchema.nullable(),
  /** Whether the reader saved the post (POST /favpost). */
  saved: z.boolean(),
  /** Whether the reader follows the author (false on their own posts). */
  followingAuthor: z.boolean(),
  /** Its interest topics: the author's choice and those its hashtags map to (src/api/posts/topics.ts). */
  topics: z.array(topicSchema).optional(),
  /** The topics the author chose (at most three): what the composer shows when editing. */
  chosenTopics: z.array(topicSchema).optional(),
  /** In "For you" pages only: why the post is there (src/api/posts/reasons.ts). */
  reasons: z.array(feedReasonSchema).optional(),
});
export type Post = z.infer<typeof postSchema>;
/** The fields of a post that depend on who reads it. */
export type ViewerFields = Pick<Post, 'userReaction' | 'saved' | 'followingAuthor'>;
export const NO_VIEWER_FIELDS: ViewerFields = { userReaction: null, saved: false, followingAuthor: false };

/** POST /post: a post without media. Unknown fields (username, email...) are ignored: the server knows who posts. */
export const createPostBodySchema = z.object({
  post: postText.default(''),
  /** 'markdown' to have the text formatted; plain text when left out. */
  format: textFormatSchema.default('plain'),
  bgColor: bgColorSchema.default(POST_BG_COLORS[0]),
  privacy: privacySchema.default('Public'),
  feelings: feelingSchema.default(''),
  gifUrl: gifUrlSchema.default(''),
  /** At most three interest topics the author marks (optional). */
  topics: chosenTopicsSchema.optional(),
  clientId: clientIdSchema.optional(),
});
export type CreatePostBody = z.input<typeof createPostBodySchema>;

/** POST /post/image/post. */
export const createImagePostBodySchema = createPostBodySchema.extend({
  image: dataUrlSchema('Image'),
  imageAlt: imageAlt.default(''),
});
export type CreateImagePostBody = z.input<typeof createImagePostBodySchema>;

/** POST /post/video/post. */
export const createVideoPostBodySchema = createPostBodySchema.extend({
  video: dataUrlSchema('Video'),
  /** The video's first frame as an image (optional): a multipart part, or a data URL. */
  poster: posterSchema,
});
export type CreateVideoPostBody = z.input<typeof createVideoPostBodySchema>;

/** PUT /post/{id}: only the fields sent change. The post must still not be empty afterwards. */
export const updatePostBodySchema = z.object({
  post: postText.optional(),
  format: textFormatSchema.optional(),
  bgColor: bgColorSchema.optional(),
  privacy: privacySchema.optional(),
  feelings: feelingSchema.optional(),
  gifUrl: gifUrlSchema.optional(),
  imageAlt: imageAlt.optional(),
  removeImage: z.boolean().optional(),
  removeVideo: z.boolean().optional(),
  topics: chosenTopicsSchema.optional(),
});
export type UpdatePostBody = z.input<typeof updatePostBodySchema>;

/** PUT /post/image/{id}: as PUT /post/{id}, and the image is replaced (a video is removed). */
export const updateImagePostBodySchema = updatePostBodySchema.omit({ removeImage: true }).extend({ image: dataUrlSchema('Image') });
export type UpdateImagePostBody = z.input<typeof updateImagePostBodySchema>;

/** PUT /post/video/{id}: as PUT /post/{id}, and the video is replaced (an image is removed). */
export const updateVideoPostBodySchema = updatePostBodySchema
  .omit({ removeVideo: true })
  .extend({ video: dataUrlSchema('Video'), poster: posterSchema });
export type UpdateVideoPostBody = z.input<typeof updateVideoPostBodySchema>;

export const postResponseSchema = z.object({ message: z.string(), post: postSchema });
export type PostResponse = z.infer<typeof postResponseSchema>;
export const singlePostResponseSchema = z.object({ post: postSchema });
export type SinglePostResponse = z.infer<typeof singlePostResponseSchema>;

export const postsPageSchema = z.object({
  posts: z.array(postSchema),
  /** With a page number only: how many the viewer may see in all, at most TOTAL_COUNT_MAX (then `totalAtLeast`). */
  totalPosts: z.number().int().optional(),
  /** The total is TOTAL_COUNT_MAX or more ("1,000+"). */
  totalAtLeast: z.literal(true).optional(),
  nextCursor: nextCursorSchema,
});
export type PostsPage = z.infer<typeof postsPageSchema>;

/** GET /post/topic/{topic}/{page}: an interest topic by its name (src/api/posts/topics.ts), lower-case. */
export const topicPageParamsSchema = z.object({ topic: topicSchema, page: pageNumberSchema });

// Questions and answers

/** POST /question: a question needs its text. */
export const createQuestionBodySchema = createPostBodySchema.extend({
  post: z
    .string({ error: 'Question must not be empty' })
    .trim()
    .min(1, 'Question must not be empty')
    .max(POST_TEXT_MAX, `Question must not exceed ${POST_TEXT_MAX} characters`),
});
export type CreateQuestionBody = z.input<typeof createQuestionBodySchema>;

export const questionsPageSchema = z.object({
  questions: z.array(postSchema),
  totalQuestions: z.number().int().optional(),
  totalAtLeast: z.literal(true).optional(),
  nextCursor: nextCursorSchema,
});
export type QuestionsPage = z.infer<typeof questionsPageSchema>;

export const answerSchema = z.object({
  _id: z.string(),
  questionId: z.string(),
  userId: z.string(),
  username: z.string(),
  avatarColor: z.string(),
  profilePicture: z.string(),
  answer: z.string(),
  format: textFormatSchema,
  accepted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  editedAt: z.string().nullable(),
});
export type Answer = z.infer<typeof answerSchema>;

export const answerBodySchema = z.object({
  answer: z
    .string({ error: 'Answer must not be empty' })
    .trim()
    .min(1, 'Answer must not be empty')
    .max(ANSWER_MAX, `Answer must not exceed ${ANSWER_MAX} characters`),
  /** On a new answer: plain text when left out. On an edit: unchanged when left out. */
  format: textFormatSchema.optional(),
});
export type AnswerBody = z.input<typeof answerBodySchema>;
/** POST /question/{id}/answer: the answer, and the client's id for this send. */
export const createAnswerBodySchema = answerBodySchema.extend({ clientId: clientIdSchema.optional() });
export type CreateAnswerBody = z.input<typeof createAnswerBodySchema>;

/** GET /question/{id}: the question and its answers, the accepted one first, then oldest first. */
export const questionDetailSchema = z.object({ question: postSchema, answers: z.array(answerSchema) });
export type QuestionDetail = z.infer<typeof questionDetailSchema>;
export const answerResponseSchema = z.object({ message: z.string(), answer: answerSchema, answersCount: z.number().int() });
export type AnswerResponse = z.infer<typeof answerResponseSchema>;
export const answerDeletedSchema = z.object({ message: z.string(), answersCount: z.number().int() });
export type AnswerDeleted = z.infer<typeof answerDeletedSchema>;
export const questionResponseSchema = postResponseSchema;

/** GET /user/profile/answers/...: a member's answers, each with the question it answers. */
export const answersPageSchema = z.object({
  answers: z.array(answerSchema.extend({ question: postSchema })),
  totalAnswers: z.number().int(),
});
export type AnswersPage = z.infer<typeof answersPageSchema>;

// Reactions

export const reactionBodySchema = z.object({ postId: idSchema('Post'), type: reactionTypeSchema });
export type ReactionBody = z.input<typeof reactionBodySchema>;

export const reactionSchema = z.object({
  _id: z.string(),
  postId: z.string(),
  type: reactionTypeSchema,
  userId: z.string(),
  username: z.string(),
  avatarColor: z.string(),
  profilePicture: z.string(),
  createdAt: z.string(),
});
export type Reaction = z.infer<typeof reactionSchema>;

/** Answer of POST and DELETE /post/reaction: the post's counts as the server computed them. */
export const reactionChangeSchema = z.object({
  message: z.string(),
  postId: z.string(),
  reactions: reactionCountsSchema,
  /** The member's reaction now (null after removing it). */
  userReaction: reactionTypeSchema.nullable(),
});
export type ReactionChange = z.infer<typeof reactionChangeSchema>;
/** A post's reaction counts and the member's own reaction: what a card takes from a reaction's answer or from a read of the post. */
export type PostReactions = Omit<ReactionChange, 'message'>;
export const reactionsListSchema = z.object({ reactions: z.array(reactionSchema), count: z.number().int() });
export type ReactionsList = z.infer<typeof reactionsListSchema>;
export const singleReactionSchema = z.object({ reaction: reactionSchema.nullable() });
export type SingleReaction = z.infer<typeof singleReactionSchema>;

// Comments

const commentText = z
  .string({ error: 'Comment must not be empty' })
  .trim()
  .min(1, 'Comment must not be empty')
  .max(COMMENT_MAX, `Comment must not exceed ${COMMENT_MAX} characters`);
export const commentBodySchema = z.object({
  postId: idSchema('Post'),
  comment: commentText,
  format: textFormatSchema.default('plain'),
  clientId: clientIdSchema.optional(),
});
export type CommentBody = z.input<typeof commentBodySchema>;
/** PUT /comments/{id}: the format is unchanged when left out. */
export const updateCommentBodySchema = z.object({ comment: commentText, format: textFormatSchema.optional() });
export type UpdateCommentBody = z.input<typeof updateCommentBodySchema>;

export const commentSchema = z.object({
  _id: z.string(),
  postId: z.string(),
  userId: z.string(),
  username: z.string(),
  avatarColor: z.string(),
  profilePicture: z.string(),
  comment: z.string(),
  format: textFormatSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentsListSchema = z.object({
  comments: z.array(commentSchema),
  commentsCount: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type CommentsList = z.infer<typeof commentsListSchema>;
/** Distinct usernames of the commenters the viewer may see, and how many they are. */
export const commentsNamesSchema = z.object({ names: z.array(z.string()), count: z.number().int() });
export type CommentsNames = z.infer<typeof commentsNamesSchema>;
export const commentResponseSchema = z.object({ message: z.string(), comment: commentSchema, commentsCount: z.number().int() });
export type CommentResponse = z.infer<typeof commentResponseSchema>;
export const commentDeletedSchema = z.object({ message: z.string(), postId: z.string(), commentsCount: z.number().int() });
export type CommentDeleted = z.infer<typeof commentDeletedSchema>;

// Saved posts

export const favPostBodySchema = z.object({ postId: idSchema('Post') });
export type FavPostBody = z.input<typeof favPostBodySchema>;

/**
 * The `watch posts` client event: the posts this socket shows now (every list on screen, at most
 * POST_WATCH_MAX), replacing what it watched before; `[]` watches none. A post's own events (its
 * counts, comments and answers, edits and deletion) go only to sockets that watch it, and of those
 * only to members who may see it when the event is sent: watching a post one may not see shows
 * nothing. New posts (`post added`) still reach every connected member who may see them.
 */
export const watchPostsSchema = z.object({
  postIds: z.array(idSchema('Post')).max(POST_WATCH_MAX, { error: `Watch at most ${POST_WATCH_MAX} posts at once` }),
});
export type WatchPosts = z.input<typeof watchPostsSchema>;
export const favPostToggleSchema = z.object({ message: z.string(), postId: z.string(), saved: z.boolean() });
export type FavPostToggle = z.infer<typeof favPostToggleSchema>;

export const deletedResponseSchema = z.object({ message: z.string(), postId: z.string() });
export type DeletedResponse = z.infer<typeof deletedResponseSchema>;
