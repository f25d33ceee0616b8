import { sql, type SelectQueryBuilder } from 'kysely';
import type { DatabaseHandle } from '../../db/database';

/** Rows are read this many at a time: an account of any size is never held in memory whole. */
export const EXPORT_PAGE = 500;

type Row = Record<string, unknown>;

/** One file of the archive: its name, what the README says of it, and its rows page by page. */
export interface ExportSource {
  name: string;
  about: string;
  rows: (userId: string) => AsyncGenerator<Row[]>;
}

/**
 * The rows of `query` in the order of `column` (an indexed key, unique within the query), a page
 * of EXPORT_PAGE at a time, each read after the last key of the page before.
 */
async function* walk<DB, TB extends keyof DB, T extends Row>(
  query: SelectQueryBuilder<DB, TB, T>,
  column: string,
  keyOf: (row: T) => unknown,
): AsyncGenerator<T[]> {
  let after: unknown = null;
  for (;;) {
    const rows = await query
      .$if(after !== null, (q) => q.where(sql.ref(column), '>', after as never))
      .orderBy(sql.ref(column))
      .limit(EXPORT_PAGE)
      .execute();
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

/** A walk by the `id` column, the most common key. */
const byId = <DB, TB extends keyof DB, T extends Row & { id: string }>(query: SelectQueryBuilder<DB, TB, T>) =>
  walk(query, 'id', (row) => row.id);

/**
 * What a member's archive holds, one JSON file per kind. Each source walks its rows by
 * an index in pages of EXPORT_PAGE. Secrets (password hash, token version) are left out.
 */
export function exportSources(database: DatabaseHandle): ExportSource[] {
  const { db } = database;
  const postsOf = (kind: 'post' | 'question') => (userId: string) =>
    byId(
      db
        .selectFrom('posts')
        .select([
          'id',
          'post',
          'format',
          'privacy',
          'group_id',
          'feelings',
          'bg_color',
          'gif_url',
          'image_version',
          'image_id',
          'image_alt',
          'video_version',
          'video_id',
          'chosen_topics',
          'comments_count',
          'answers_count',
          'hidden',
          'hidden_reason',
          'created_at',
          'edited_at',
        ])
        .where('user_id', '=', userId)
        .where('kind', '=', kind),
    );

  return [
    {
      name: 'profile.json',
      about: 'Your account and profile: name, e-mail, avatar, role, the details on your profile and your notification settings.',
      async *rows(userId) {
        const user = await db
          .selectFrom('users')
          .select(['id', 'username', 'email', 'role', 'avatar_color', 'avatar_image', 'profile_picture', 'allow_personalize', 'created_at'])
          .select((eb) => eb.case().when('google_sub', 'is not', null).then(1).else(0).end().as('google_linked'))
          .where('id', '=', userId)
          .executeTakeFirst();
        const profile = await db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
        if (user) yield [{ ...user, profile: profile ?? null }];
      },
    },
    {
      name: 'posts.json',
      about:
        'Your posts, newest last, with their media names (the files are in media/). Every text has its format: plain, or markdown when written with the Markdown option.',
      rows: postsOf('post'),
    },
    { name: 'questions.json', about: 'Your questions, newest last.', rows: postsOf('question') },
    {
      name: 'answers.json',
      about: 'Your answers, each with the question (question_id) it answers.',
      rows: (userId) =>
        byId(
          db
            .selectFrom('answers')
            .select(['id', 'question_id', 'answer', 'format', 'created_at', 'edited_at'])
            .where('user_id', '=', userId),
        ),
    },
    {
      name: 'comments.json',
      about: 'Your comments, each with the post (post_id) it is on.',
      rows: (userId) =>
        byId(
          db.selectFrom('comments').select(['id', 'post_id', 'comment', 'format', 'created_at', 'edited_at']).where('user_id', '=', userId),
        ),
    },
    {
      name: 'reactions.json',
      about: 'Your reactions to posts and questions (type: like, love, ...).',
      rows: (userId) =>
        byId(db.selectFrom('reactions').select(['id', 'post_id', 'type', 'created_at', 'updated_at']).where('user_id', '=', userId)),
    },
    {
      name: 'saved.json',
      about: 'The posts you saved.',
      rows: (userId) =>
        walk(db.selectFrom('saved_posts').select(['post_id', 'created_at']).where('user_id', '=', userId), 'post_id', (row) => row.post_id),
    },
    {
      name: 'follows.json',
      about: 'Who you follow (direction "following") and who follows you ("follower"), with their names.',
      async *rows(userId) {
        for (const direction of ['following', 'follower'] as const) {
          const [mine, theirs] =
            direction === 'following' ? (['follower_id', 'followee_id'] as const) : (['followee_id', 'follower_id'] as const);
          yield* walk(
            db
              .selectFrom('follows')
              .innerJoin('users', 'users.id', `follows.${theirs}`)
              .select([`follows.${theirs} as user_id`, 'users.username', 'follows.created_at'])
              .select(() => [sqlText(direction).as('direction')])
              .where(`follows.${mine}`, '=', userId),
            `follows.${theirs}`,
            (row) => String(row.user_id),
          );
        }
      },
    },
    {
      name: 'blocks.json',
      about: 'The members you blocked.',
      rows: (userId) =>
        walk(
          db
            .selectFrom('blocks')
            .innerJoin('users', 'users.id', 'blocks.blocked_id')
            .select(['blocks.blocked_id', 'users.username', 'blocks.created_at'])
            .where('blocks.blocker_id', '=', userId),
          'blocks.blocked_id',
          (row) => row.blocked_id,
        ),
    },
    {
      name: 'groups.json',
      about: 'Your group memberships (kind "group") and group chats (kind "groupChat"): role, status and when you joined.',
      async *rows(userId) {
        yield* walk(
          db
            .selectFrom('group_members')
            .innerJoin('groups', 'groups.id', 'group_members.group_id')
            .select(['group_members.group_id', 'groups.name', 'group_members.role', 'group_members.status', 'group_members.joined_at'])
            .select(() => [sqlText('group').as('kind')])
            .where('group_members.user_id', '=', userId),
          'group_members.group_id',
          (row) => String(row.group_id),
        );
        yield* walk(
          db
            .selectFrom('chat_group_members')
            .innerJoin('chat_groups', 'chat_groups.id', 'chat_group_members.group_id')
            .select([
              'chat_group_members.group_id',
              'chat_groups.name',
              'chat_group_members.role',
              'chat_group_members.state as status',
              'chat_group_members.joined_at',
            ])
            .select(() => [sqlText('groupChat').as('kind')])
            .where('chat_group_members.user_id', '=', userId),
          'chat_group_members.group_id',
          (row) => String(row.group_id),
        );
      },
    },
    {
      name: 'messages.json',
      about:
        'The chat messages you sent and received, conversation by conversation, in order (seq). "sent" is true for yours; messages deleted for everyone are left out.',
      async *rows(userId) {
        const conversations = byId(
          db
            .selectFrom('chat_conversations')
            .select(['id', 'kind', 'group_id'])
            .where((eb) =>
              eb.or([
                eb('user_one', '=', userId),
                eb('user_two', '=', userId),
                eb(
                  'group_id',
                  'in',
                  eb.selectFrom('chat_group_members').select('group_id').where('user_id', '=', userId).where('state', '=', 'accepted'),
                ),
              ]),
            ),
        );
        for await (const page of conversations) {
          for (const conversation of page) {
            const messages = walk(
              db
                .selectFrom('chat_messages')
                .leftJoin('users', 'users.id', 'chat_messages.sender_id')
                .select([
                  'chat_messages.id',
                  'chat_messages.conversation_id',
                  'chat_messages.seq',
                  'chat_messages.sender_id',
                  'users.username as sender',
                  'chat_messages.receiver_id',
                  'chat_messages.group_id',
                  'chat_messages.body',
                  'chat_messages.gif_url',
                  'chat_messages.selected_image',
                  'chat_messages.created_at',
                ])
                .where('chat_messages.conversation_id', '=', conversation.id)
                .where('chat_messages.deleted_for_everyone', '=', 0),
              'chat_messages.seq',
              (row) => row.seq,
            );
            // Added to each fresh row, not spread into a copy (a hidden class per new property after a spread).
            for await (const rows of messages) yield rows.map((row) => Object.assign(row, { sent: row.sender_id === userId }));
          }
        }
      },
    },
    {
      name: 'notifications.json',
      about: 'Your notifications inbox: kind, what it is about (target), how many members and when.',
      rows: (userId) =>
        byId(
          db
            .selectFrom('notifications')
            .select(['id', 'kind', 'target_type', 'target_id', 'detail', 'actor_count', 'read_at', 'created_at', 'updated_at'])
            .where('user_id', '=', userId),
        ),
    },
    {
      name: 'reports.json',
      about: 'The reports you made: about posts (kind "post") and about members (kind "profile"), with their status.',
      async *rows(userId) {
        yield* walk(
          db
            .selectFrom('post_reports')
            .select(['id', 'post_id as subject_id', 'reason', 'details', 'status', 'created_at'])
            .select(() => [sqlText('post').as('kind')])
            .where('reporter_id', '=', userId),
          'id',
          (row) => row.id,
        );
        yield* walk(
          db
            .selectFrom('profile_reports')
            .select(['id', 'reported_id as subject_id', 'reason', 'details', 'status', 'created_at'])
            .select(() => [sqlText('profile').as('kind')])
            .where('reporter_id', '=', userId),
          'id',
          (row) => row.id,
        );
      },
    },
  ];
}

/** The media files of a member: their uploads (images) and their posts' images, videos and posters. */
export async function* mediaOf(
  database: DatabaseHandle,
  userId: string,
): AsyncGenerator<{ kind: 'image' | 'video'; version: string; id: string }[]> {
  const { db } = database;
  for await (const rows of byId(db.selectFrom('images').select(['id', 'version']).where('user_id', '=', userId)))
    yield rows.map((row) => ({ kind: 'image' as const, version: row.version, id: row.id }));
  const posts = byId(
    db
      .selectFrom('posts')
      .select(['id', 'image_version', 'image_id', 'video_version', 'video_id', 'video_poster_version', 'video_poster_id'])
      .where('user_id', '=', userId),
  );
  for await (const rows of posts) {
    const files = rows.flatMap((row) => [
      ...(row.image_id ? [{ kind: 'image' as const, version: row.image_version, id: row.image_id }] : []),
      ...(row.video_id ? [{ kind: 'video' as const, version: row.video_version, id: row.video_id }] : []),
      ...(row.video_poster_id ? [{ kind: 'image' as const, version: row.video_poster_version, id: row.video_poster_id }] : []),
    ]);
    if (files.length > 0) yield files;
  }
}

/** A constant text column (sql`'...'`), typed for select lists. */
function sqlText(value: string) {
  return sql<string>`${sql.lit(value)}`;
}
