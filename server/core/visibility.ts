import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { currentAuth } from '../http/authentication';

/**
 * THE visibility rule of Stoa, in one place. Every read of posts (feed, single post, questions,
 * a member's posts, photos, videos, saved posts, reactions and comments of a post) and every
 * socket audience is filtered by `canSeePost`; lists of people by `notBlockedBetween`.
 *
 * A member sees a post when it is not hidden (or hidden but their own), neither of them blocks the
 * other, and it is theirs, or Public, or Followers and they follow its author; a group post instead
 * by the group's rule (canSeeGroupContent; pending posts: author and group admins). Private posts:
 * the author only. Admins see everything, hidden posts included. A post hidden by moderators thus
 * stays with its author (marked, with the reason: present.ts) and leaves everyone else.
 *
 * The viewer is either a known member (an HTTP request) or a column of a users row in the same
 * query: the socket audience of a post is "every connected member whose user row satisfies the
 * predicate", computed by this very predicate, so what a member may read and what reaches their
 * socket cannot drift apart.
 */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** For audience queries: the viewer is a users row of the query itself. */
export interface ViewerColumns {
  idColumn: string;
  roleColumn: string;
}

export type ViewerLike = Viewer | ViewerColumns;

export const viewerOf = (request: FastifyRequest): Viewer => {
  const auth = currentAuth(request);
  return { id: auth.userId, isAdmin: auth.role === 'ADMIN' };
};

const isColumns = (viewer: ViewerLike): viewer is ViewerColumns => 'idColumn' in viewer;
const viewerId = (viewer: ViewerLike) => (isColumns(viewer) ? sql.ref(viewer.idColumn) : sql`${viewer.id}`);
const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;
const viewerIsAdmin = (viewer: ViewerLike): RawBuilder<SqlBool> =>
  isColumns(viewer) ? sql<SqlBool>`${sql.ref(viewer.roleColumn)} = 'ADMIN'` : viewer.isAdmin ? TRUE : FALSE;

/** The other member: a column of the query, or a known id. */
export type OtherMember = string | { id: string };
const otherRef = (other: OtherMember) => (typeof other === 'string' ? sql.ref(other) : sql`${other.id}`);

/** Neither member blocks the other. */
export function noBlockBetween(viewer: ViewerLike, otherMember: OtherMember): RawBuilder<SqlBool> {
  const me = viewerId(viewer);
  const other = otherRef(otherMember);
  return sql<SqlBool>`not exists (select 1 from blocks where (blocks.blocker_id = ${me} and blocks.blocked_id = ${other}) or (blocks.blocker_id = ${other} and blocks.blocked_id = ${me}))`;
}

/** Lists of people and the things they wrote (comments, reactions): admins see all, members no one they block or are blocked by. */
export function notBlockedBetween(viewer: ViewerLike, other: OtherMember): RawBuilder<SqlBool> {
  if (!isColumns(viewer) && viewer.isAdmin) return TRUE;
  return sql<SqlBool>`(${viewerIsAdmin(viewer)} or ${noBlockBetween(viewer, other)})`;
}

/**
 * May the viewer read a group's content (posts, member list)? A public group: everyone; a private
 * group: its accepted members only (pending invitees and join requests see nothing). Admins all.
 */
export function canSeeGroupContent(viewer: ViewerLike, groupId: RawBuilder<unknown> | string): RawBuilder<SqlBool> {
  if (!isColumns(viewer) && viewer.isAdmin) return TRUE;
  const group = typeof groupId === 'string' ? sql`${groupId}` : groupId;
  return sql<SqlBool>`(${viewerIsAdmin(viewer)}
    or exists (select 1 from groups where groups.id = ${group} and groups.privacy = 'public')
    or exists (select 1 from group_members where group_members.group_id = ${group} and group_members.user_id = ${viewerId(viewer)} and group_members.status = 'accepted'))`;
}

/**
 * May the viewer see the post row `post` (a table name or alias)?
 * A group post (group_id set) follows the group instead of its privacy field: accepted posts are
 * read by whoever may read the group's content; a pending or declined one by its author and the
 * group's admins, and only while they are accepted members.
 */
export function canSeePost(viewer: ViewerLike, post = 'posts'): RawBuilder<SqlBool> {
  if (!isColumns(viewer) && viewer.isAdmin) return TRUE;
  const me = viewerId(viewer);
  const col = (name: string) => sql.ref(`${post}.${name}`);
  return sql<SqlBool>`(${viewerIsAdmin(viewer)} or (
    (${col('hidden')} = 0 or ${col('user_id')} = ${me})
    and ${noBlockBetween(viewer, `${post}.user_id`)}
    and ((
      ${col('group_id')} is null
      and (
        ${col('user_id')} = ${me}
        or ${col('privacy')} = 'Public'
        or (${col('privacy')} = 'Followers' and exists (
          select 1 from follows where follows.follower_id = ${me} and follows.followee_id = ${col('user_id')}
        ))
      )
    ) or (
      ${col('group_id')} is not null
      and (
        (${col('group_status')} = 'accepted' and ${canSeeGroupContent(viewer, col('group_id'))})
        or exists (
          select 1 from group_members where group_members.group_id = ${col('group_id')} and group_members.user_id = ${me}
            and group_members.status = 'accepted' and (${col('user_id')} = ${me} or group_members.role = 'admin')
        )
      )
    ))
  ))`;
}

/**
 * Who apart from admins could see a post, from the post's own fields: a stream post that is
 * Private, its author; Followers, its author and their followers; anything else (Public, a group's
 * post), any member. A necessary condition of canSeePost, never a replacement: an audience query
 * asks canSeePost of these members only, instead of every member connected (two of three
 * privacies reach a few members, and asking each connected member cost ~3 ms per post per 1,000).
 */
export function possibleReaders(post: { privacy: string; group_id: string | null }): 'author' | 'followers' | 'members' {
  if (post.group_id !== null) return 'members';
  if (post.privacy === 'Private') return 'author';
  if (post.privacy === 'Followers') return 'followers';
  return 'members';
}

/**
 * May the viewer know of the `groups` row (lists, search, the group page)? Every group: a private
 * group shows its name, description, categories, tags and member count to everyone (spec section
 * 2: only its posts and member list are its members'). Kept as one predicate so that the lists,
 * search and the page cannot drift apart should the rule narrow again.
 */
export const canKnowGroup = (_viewer: Viewer) => sql<SqlBool>`1 = 1`;
