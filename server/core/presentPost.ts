import { REACTION_TYPES, type ReactionType } from '../../src/api/constants';
import { mediaPaths } from '../../src/api/paths';
import type { Feeling, Post, ReactionCounts, ViewerFields } from '../../src/api/posts';
import { reactionColumn, type PostRow } from '../db/schema';
import { splitTopics } from './postTopics';
import { pictureOf } from './presentUser';
import type { Viewer } from './visibility';

/** A post with the author fields every answer shows (read fresh: a new avatar shows everywhere). */
export type PostWithAuthor = PostRow & {
  username: string;
  email: string;
  avatar_color: string;
  profile_picture: string;
  avatar_image: string;
} & ViewerColumnsOfPost;

/** What the post is to the member reading it, computed in the same query (see viewerFieldsSql). */
export interface ViewerColumnsOfPost {
  user_reaction: ReactionType | null;
  /** 0 or 1 on both dialects. */
  viewer_saved: number;
  viewer_follows_author: number;
}

const REACTION_COLUMNS = REACTION_TYPES.map((type) => [type, reactionColumn(type)] as const);

/** Every post of every page goes through here: a plain loop over the six columns. */
export function reactionCountsOf(row: Pick<PostRow, `reactions_${(typeof REACTION_TYPES)[number]}`>): ReactionCounts {
  const counts = {} as ReactionCounts;
  for (const [type, column] of REACTION_COLUMNS) counts[type] = Number(row[column]);
  return counts;
}

/** May this viewer read the author's e-mail? Only the author and admins. */
export const seesEmail = (viewer: Viewer, authorId: string) => viewer.isAdmin || viewer.id === authorId;

/** What the post is to its reader: their reaction, whether they saved it, whether they follow the author. */
export const viewerFieldsOf = (row: ViewerColumnsOfPost): ViewerFields => ({
  userReaction: row.user_reaction ?? null,
  saved: Number(row.viewer_saved) === 1,
  followingAuthor: Number(row.viewer_follows_author) === 1,
});

/** A post row as the wire contract shows it to this viewer. */
export function presentPost(row: PostWithAuthor, viewer: Viewer): Post {
  return {
    _id: row.id,
    kind: row.kind,
    post: row.post,
    format: row.format,
    bgColor: row.bg_color,
    privacy: row.privacy,
    feelings: row.feelings as Feeling,
    gifUrl: row.gif_url,
    image: row.image_id ? mediaPaths.image(row.image_version, row.image_id) : '',
    imgVersion: row.image_version,
    imgId: row.image_id,
    imageAlt: row.image_alt,
    video: row.video_id ? mediaPaths.video(row.video_version, row.video_id) : '',
    videoVersion: row.video_version,
    videoId: row.video_id,
    videoPoster: row.video_id && row.video_poster_id ? mediaPaths.image(row.video_poster_version, row.video_poster_id) : '',
    userId: row.user_id,
    username: row.username,
    ...(seesEmail(viewer, row.user_id) ? { email: row.email } : {}),
    avatarColor: row.avatar_color,
    profilePicture: pictureOf(row),
    commentsCount: Number(row.comments_count),
    reactions: reactionCountsOf(row),
    answersCount: Number(row.answers_count),
    acceptedAnswerId: row.accepted_answer_id,
    groupId: row.group_id,
    ...(row.group_id ? { groupStatus: (row.group_status ?? 'pending') as 'pending' | 'accepted' | 'declined' } : {}),
    hidden: Boolean(row.hidden),
    // Why moderators hid it: for the author (their post is marked) and admins, nobody else.
    ...(row.hidden && seesEmail(viewer, row.user_id) ? { hiddenReason: row.hidden_reason } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    editedAt: row.edited_at,
    ...viewerFieldsOf(row),
    topics: splitTopics(row.topics),
    chosenTopics: splitTopics(row.chosen_topics),
  };
}
