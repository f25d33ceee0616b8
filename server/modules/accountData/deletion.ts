import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { DELETED_MEMBER } from '../../../src/api/account/data';
import { REACTION_TYPES } from '../../../src/api/constants';
import type { Clock } from '../../clock';
import type { DatabaseHandle } from '../../db/database';
import { newId } from '../../db/ids';
import { reactionColumn, type Database } from '../../db/schema';
import type { MediaStorage } from '../../media/storage';
import type { SessionEvents } from '../../realtime/sessionEvents';

type Trx = Transaction<Database>;

/**
 * Carries out a member's deletion (docs/server.md, "Deleting an account"), in one transaction:
 *
 * - An anonymous stand-in (a `users` row named "deleted member ...", no e-mail anyone has, no
 *   password, no sessions) takes the member's place where others keep something: reports about
 *   the member, the audit log, private conversations (the other side keeps their own messages),
 *   who hid a post or decided an appeal. Nothing links it to the member.
 * - Groups and group chats the member administers alone pass to their oldest member; those with
 *   no other member go.
 * - Counters on others' posts (comments, answers, reactions) are taken down; notifications about
 *   the member's posts and from the member go.
 * - Then the member's row goes, and with it (foreign keys cascade) their posts, comments,
 *   answers, reactions, saved items, follows, blocks, memberships, messages, notifications,
 *   sessions, exports and the rest. Their media files are removed after the commit.
 */
export function createAccountEraser(deps: {
  database: DatabaseHandle;
  media: MediaStorage;
  clock: Clock;
  sessionEvents: SessionEvents;
  log: FastifyBaseLogger;
}) {
  const { db } = deps.database;

  return async function erase(userId: string): Promise<void> {
    const files = await mediaFiles(userId);
    const erased = await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select(['id', 'username']).where('id', '=', userId).executeTakeFirst();
      if (!user) return false;
      const now = deps.clock.now().toISOString();
      const stand = await insertStandIn(trx, now);
      await handOverGroups(trx, userId, stand);
      await fixCounters(trx, userId);
      await anonymise(trx, userId, user.username, stand);
      await trx.deleteFrom('users').where('id', '=', userId).execute();
      return true;
    });
    if (!erased) return;
    deps.sessionEvents.ended({ userId, reason: 'signout' });
    for (const file of files) {
      try {
        if (file.kind === 'image') await deps.media.removeImage(file.version, file.id);
        else await deps.media.removeVideo(file.version, file.id);
      } catch (error) {
        deps.log.warn({ err: error }, 'accountData: a deleted member file could not be removed');
      }
    }
  };

  async function mediaFiles(userId: string) {
    const images = await db.selectFrom('images').select(['version', 'id']).where('user_id', '=', userId).execute();
    const posts = await db
      .selectFrom('posts')
      .select(['image_version', 'image_id', 'video_version', 'video_id', 'video_poster_version', 'video_poster_id'])
      .where('user_id', '=', userId)
      .execute();
    return [
      ...images.map((row) => ({ kind: 'image' as const, version: row.version, id: row.id })),
      ...posts.flatMap((row) => [
        ...(row.image_id ? [{ kind: 'image' as const, version: row.image_version, id: row.image_id }] : []),
        ...(row.video_id ? [{ kind: 'video' as const, version: row.video_version, id: row.video_id }] : []),
        ...(row.video_poster_id ? [{ kind: 'image' as const, version: row.video_poster_version, id: row.video_poster_id }] : []),
      ]),
    ];
  }

  async function insertStandIn(trx: Trx, now: string): Promise<string> {
    const id = newId();
    const tag = randomBytes(6).toString('hex');
    const username = `${DELETED_MEMBER} ${tag}`;
    await trx
      .insertInto('users')
      .values({
        id,
        auth_id: newId(),
        username,
        username_lower: username,
        email: `${tag}@deleted.invalid`,
        password_hash: null,
        role: 'USER',
        avatar_color: '#737373',
        avatar_image: '',
        profile_picture: '',
        is_banned: 0,
        token_version: 0,
        allow_personalize: 0,
        google_sub: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // The stand-in is no new member: the day's count of sign-ups (kept by a trigger) stays as it was.
    await trx
      .updateTable('daily_counts')
      .set({ n: sql<number>`n - 1` })
      .where('kind', '=', 'users')
      .where('day', '=', now.slice(0, 10))
      .execute();
    return id;
  }

  /** Each group (and group chat) the member administers alone passes to its oldest other member, or goes when there is none. */
  async function handOverGroups(trx: Trx, userId: string, stand: string): Promise<void> {
    const groups = await trx
      .selectFrom('groups')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('created_by', '=', userId),
          eb('id', 'in', eb.selectFrom('group_members').select('group_id').where('user_id', '=', userId).where('role', '=', 'admin')),
        ]),
      )
      .execute();
    for (const { id } of groups) {
      const others = await trx
        .selectFrom('group_members')
        .select(['user_id', 'role'])
        .where('group_id', '=', id)
        .where('user_id', '!=', userId)
        .where('status', '=', 'accepted')
        .orderBy('joined_at')
        .orderBy('user_id')
        .execute();
      if (others.length === 0) {
        await trx.deleteFrom('posts').where('group_id', '=', id).execute();
        await trx.deleteFrom('groups').where('id', '=', id).execute();
        continue;
      }
      const admin = others.find((other) => other.role === 'admin') ?? others[0];
      await trx
        .updateTable('group_members')
        .set({ role: 'admin' })
        .where('group_id', '=', id)
        .where('user_id', '=', admin.user_id)
        .execute();
      await trx.updateTable('groups').set({ created_by: admin.user_id }).where('id', '=', id).where('created_by', '=', userId).execute();
    }
    const chats = await trx
      .selectFrom('chat_groups')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('created_by', '=', userId),
          eb('id', 'in', eb.selectFrom('chat_group_members').select('group_id').where('user_id', '=', userId).where('role', '=', 'admin')),
        ]),
      )
      .execute();
    for (const { id } of chats) {
      const others = await trx
        .selectFrom('chat_group_members')
        .select(['user_id', 'role'])
        .where('group_id', '=', id)
        .where('user_id', '!=', userId)
        .where('state', '=', 'accepted')
        .orderBy('joined_at')
        .orderBy('user_id')
        .execute();
      if (others.length === 0) {
        await trx.deleteFrom('chat_groups').where('id', '=', id).execute();
        continue;
      }
      const admin = others.find((other) => other.role === 'admin') ?? others[0];
      await trx
        .updateTable('chat_group_members')
        .set({ role: 'admin' })
        .where('group_id', '=', id)
        .where('user_id', '=', admin.user_id)
        .execute();
      await trx
        .updateTable('chat_groups')
        .set({ created_by: admin.user_id })
        .where('id', '=', id)
        .where('created_by', '=', userId)
        .execute();
    }
    await trx.updateTable('chat_group_members').set({ invited_by: null }).where('invited_by', '=', userId).execute();
    void stand;
  }

  /** Others' posts lose the member's comments, answers and reactions: their counts follow. */
  async function fixCounters(trx: Trx, userId: string): Promise<void> {
    const theirs = trx.selectFrom('posts').select('id').where('user_id', '=', userId);
    const comments = await trx
      .selectFrom('comments')
      .select(['post_id', sql<number>`count(*)`.as('n')])
      .where('user_id', '=', userId)
      .where('post_id', 'not in', theirs)
      .groupBy('post_id')
      .execute();
    for (const row of comments)
      await trx
        .updateTable('posts')
        .set({ comments_count: sql<number>`comments_count - ${Number(row.n)}` })
        .where('id', '=', row.post_id)
        .execute();
    const answers = await trx
      .selectFrom('answers')
      .select(['id', 'question_id'])
      .where('user_id', '=', userId)
      .where('question_id', 'not in', theirs)
      .execute();
    for (const row of answers) {
      await trx
        .updateTable('posts')
        .set({ answers_count: sql<number>`answers_count - 1` })
        .where('id', '=', row.question_id)
        .execute();
      await trx
        .updateTable('posts')
        .set({ accepted_answer_id: null })
        .where('id', '=', row.question_id)
        .where('accepted_answer_id', '=', row.id)
        .execute();
    }
    const reactions = await trx
      .selectFrom('reactions')
      .select(['post_id', 'type'])
      .where('user_id', '=', userId)
      .where('post_id', 'not in', theirs)
      .execute();
    for (const row of reactions) {
      if (!(REACTION_TYPES as readonly string[]).includes(row.type)) continue;
      const column = reactionColumn(row.type);
      await trx
        .updateTable('posts')
        .set({ [column]: sql<number>`${sql.ref(column)} - 1` })
        .where('id', '=', row.post_id)
        .execute();
    }
    // Hashtags and mentions of the member's comments and answers on others' posts.
    await trx
      .deleteFrom('text_tags')
      .where((eb) =>
        eb.or([
          eb('source_id', 'in', eb.selectFrom('comments').select('id').where('user_id', '=', userId)),
          eb('source_id', 'in', eb.selectFrom('answers').select('id').where('user_id', '=', userId)),
        ]),
      )
      .execute();
    await trx
      .deleteFrom('text_mentions')
      .where((eb) =>
        eb.or([
          eb('source_id', 'in', eb.selectFrom('comments').select('id').where('user_id', '=', userId)),
          eb('source_id', 'in', eb.selectFrom('answers').select('id').where('user_id', '=', userId)),
        ]),
      )
      .execute();
    // Notifications about the member's posts and profile, and those the member alone raised.
    const posts = theirs;
    const touched = await trx
      .selectFrom('notifications')
      .select('user_id')
      .distinct()
      .where((eb) =>
        eb.or([
          eb('target_id', 'in', posts),
          eb('target_id', '=', userId),
          eb('id', 'in', eb.selectFrom('notification_actors').select('notification_id').where('actor_id', '=', userId)),
        ]),
      )
      .where('user_id', '!=', userId)
      .execute();
    await trx
      .deleteFrom('notifications')
      .where((eb) => eb.or([eb('target_id', 'in', posts), eb('target_id', '=', userId)]))
      .execute();
    await trx
      .updateTable('notifications')
      .set({ actor_count: sql<number>`actor_count - 1` })
      .where('id', 'in', (eb) => eb.selectFrom('notification_actors').select('notification_id').where('actor_id', '=', userId))
      .execute();
    await trx.deleteFrom('notification_actors').where('actor_id', '=', userId).execute();
    await trx
      .deleteFrom('notifications')
      .where('actor_count', '<=', 0)
      .where('user_id', 'in', touched.length > 0 ? touched.map((row) => row.user_id) : [''])
      .execute();
    // The counts of the members whose entries changed, as they now are.
    for (const { user_id: owner } of touched) {
      const counts = await trx
        .selectFrom('notifications')
        .select([sql<number>`count(*)`.as('total'), sql<number>`sum(case when read_at is null then 1 else 0 end)`.as('unread')])
        .where('user_id', '=', owner)
        .executeTakeFirst();
      await trx
        .updateTable('notification_counters')
        .set({ total: Number(counts?.total ?? 0), unread: Number(counts?.unread ?? 0) })
        .where('user_id', '=', owner)
        .execute();
    }
  }

  /** Where others keep something of the member, the stand-in takes the member's place. */
  async function anonymise(trx: Trx, userId: string, username: string, stand: string): Promise<void> {
    await trx.updateTable('profile_reports').set({ reported_id: stand }).where('reported_id', '=', userId).execute();
    await trx.updateTable('audit_log').set({ admin_id: stand }).where('admin_id', '=', userId).execute();
    await trx.updateTable('audit_log').set({ target_id: stand, target_label: DELETED_MEMBER }).where('target_id', '=', userId).execute();
    await trx.updateTable('audit_log').set({ subject_id: stand }).where('subject_id', '=', userId).execute();
    await trx.updateTable('audit_log').set({ target_label: DELETED_MEMBER }).where('target_label', '=', username).execute();
    await trx.updateTable('posts').set({ hidden_by: stand }).where('hidden_by', '=', userId).execute();
    await trx.updateTable('appeals').set({ decided_by: stand }).where('decided_by', '=', userId).execute();
    await trx.updateTable('user_profiles').set({ banned_by: stand }).where('banned_by', '=', userId).execute();
    // Private conversations stay with the other side, the member shown as the stand-in.
    await trx.updateTable('chat_conversations').set({ user_one: stand }).where('user_one', '=', userId).execute();
    await trx.updateTable('chat_conversations').set({ user_two: stand }).where('user_two', '=', userId).execute();
    await trx.updateTable('chat_messages').set({ receiver_id: stand }).where('receiver_id', '=', userId).execute();
    await trx.updateTable('chat_viewers').set({ other_id: stand }).where('other_id', '=', userId).execute();
  }
}
