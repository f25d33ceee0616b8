import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { SEARCH_WINDOW } from '../../../src/api/search';
import type { DatabaseHandle } from '../../db/database';
import type { GroupsTable } from '../../db/schema';
import { canSeePost, notBlockedBetween, type Viewer, canKnowGroup } from '../../core/visibility';
import type { PersonRow } from '../../core/presentUser';
import { afterLetter, fts5Query, tsQuery, type SearchTerm } from '../../core/searchText';

/**
 * SQL of search. Every query starts from the full-text index, walks it newest first (the *_search
 * id, i.e. insertion order) and stops after SEARCH_WINDOW + 1 rows the viewer may see: the
 * visibility rule is part of the same statement (canSeePost for posts, the people lists' rule for
 * members, canKnowGroup for groups), so what is counted, ranked and shown is only what the viewer
 * may see, and a common word costs no more than a rare one. The caller ranks the window (by the
 * words each match holds: text.ts `relevance`), the same way on both databases.
 */

/** One match of a window: its place in the index, its words (by field) and its age. */
export interface Hit {
  sid: number;
  id: string;
  createdAt: string;
  /** The folded words of each field, as indexed (the first field of a group is its name). */
  texts: string[];
  /** People: the name equals the query (ranked first). */
  exact?: boolean;
}

interface HitRow {
  sid: number | string;
  id: string;
  created_at: string;
  text: string;
  body?: string;
  exact?: number | string | boolean;
}

const toHit = (row: HitRow): Hit => ({
  sid: Number(row.sid),
  id: row.id,
  createdAt: row.created_at,
  texts: row.body === undefined ? [row.text] : [row.text, row.body],
  ...(row.exact !== undefined ? { exact: row.exact === true || Number(row.exact) === 1 } : {}),
});

/** Newest first from `before` (exclusive; null: from the newest), one more than a window (to know whether there are more). */
const LIMIT = SEARCH_WINDOW + 1;

/**
 * PostgreSQL's GIN index finds matches in no particular order, and the planner cannot estimate how
 * common a prefix is: left to itself it walked the whole table backwards for a rare word (340 ms on
 * 300,000 rows), or read every match of a common one through GIN to sort them (224,000 for `pho:*`).
 * So the newest rows are read a chunk at a time (CHUNK rows of the *_search table by its id, at most
 * CHUNKS: a common word fills its window from the first), and a word too rare for the chunks to fill
 * its window (judged from what the last chunk found) is looked up through GIN, which then touches
 * only its few matches.
 */
const CHUNK = 2000;
const CHUNKS = 5;

/** How many of a word's newest matches SQLite checks for the kind before asking FTS5 for the kind too. */
const FTS_CHUNK = 2000;

/** Where matches come from on PostgreSQL: a range of the newest rows, or (rare words) the GIN index. */
type Source = { range: { from: number; below: number | null } } | { index: { below: number | null } };

/** The people lists' rule: not the viewer, no block either way, banned members for admins only, no admin account. */
const peopleShown = (viewer: Viewer) =>
  sql<SqlBool>`users.id <> ${viewer.id} and users.role <> 'ADMIN' and ${notBlockedBetween(viewer, 'users.id')} and ${viewer.isAdmin ? sql`1 = 1` : sql`users.is_banned = 0`}`;

export function createSearchStore(database: DatabaseHandle) {
  const { db } = database;
  const postgres = database.dialect === 'postgres';
  const below = (column: string, before: number | null) =>
    before === null ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.ref(column)} < ${before}`;
  const run = async (query: RawBuilder<HitRow>) => (await query.execute(db)).rows.map(toHit);

  /**
   * The rows of `table` (with `kind` when given) a query looks at, newest first: a bounded range of
   * ids, or every row holding the terms (a rare word's). `offset 0` fences the subquery: PostgreSQL
   * then neither merges it into the outer query nor pushes the terms into it, so a range is walked by
   * its index and the terms and the visibility rule are checked row by row only until the window is
   * full; and a rare word's few rows are found through GIN, sorted, then checked the same way.
   */
  const sourceSql = (table: string, kind: string | null, terms: SearchTerm[], source: Source) => {
    const ofKind = kind === null ? sql<SqlBool>`1 = 1` : sql<SqlBool>`s0.kind = ${kind}`;
    const rows =
      'range' in source
        ? sql<SqlBool>`${ofKind} and s0.id >= ${source.range.from} and ${below('s0.id', source.range.below)}`
        : sql<SqlBool>`s0.search_vector @@ ${tsQuery(terms)}::tsquery and ${ofKind} and ${below('s0.id', source.index.below)}`;
    return sql`(select * from ${sql.table(table)} s0 where ${rows} order by s0.id desc offset 0)`;
  };

  /**
   * A window on PostgreSQL: chunks of the newest rows first; when a chunk finds too few matches for
   * the chunks left to fill the window, the index for the rest.
   */
  async function pgWindow(
    table: string,
    kind: string | null,
    terms: SearchTerm[],
    before: number | null,
    query: (source: RawBuilder<unknown>, limit: number) => RawBuilder<HitRow>,
  ) {
    const hits: Hit[] = [];
    let bound = before;
    for (let chunk = 0; chunk < CHUNKS; chunk++) {
      // The id CHUNK rows down (inclusive), or none: the rest is shorter than a chunk.
      const floor = await sql<{ id: string | number }>`
        select id from ${sql.table(table)} where ${kind === null ? sql`1 = 1` : sql`kind = ${kind}`} and ${below('id', bound)}
        order by id desc offset ${CHUNK - 1} limit 1`.execute(db);
      const from = floor.rows.length > 0 ? Number(floor.rows[0].id) : 0;
      const found = await run(query(sourceSql(table, kind, terms, { range: { from, below: bound } }), LIMIT - hits.length));
      hits.push(...found);
      if (hits.length >= LIMIT || from === 0) return hits;
      bound = from;
      if (found.length * (CHUNKS - chunk - 1) < LIMIT - hits.length) break;
    }
    hits.push(...(await run(query(sourceSql(table, kind, terms, { index: { below: bound } }), LIMIT - hits.length))));
    return hits;
  }

  /**
   * A window of posts or questions on SQLite. The kind is checked on the post_search row of the
   * newest FTS_CHUNK matches of the words alone: asking FTS5 for `kind : "post" AND word` made it
   * intersect the word's rows with the doclist of every post, which cost a rare word (every one
   * of its matches a seek in that doclist, however few) more than a common one. Only when those
   * matches hold too few of the kind (a word of questions looked for among posts, or the other
   * way round) does the rest come from the intersection, below the chunk.
   */
  async function sqlitePostWindow(viewer: Viewer, kind: 'post' | 'question', terms: SearchTerm[], before: number | null) {
    const words = fts5Query(terms, 'search_text');
    const newest = sql`(select rowid from post_search_fts where post_search_fts match ${words} and ${below('rowid', before)} order by rowid desc limit ${FTS_CHUNK})`;
    const window = (source: RawBuilder<unknown>, limit: number) => sql<HitRow>`
        select f.rowid as sid, s.post_id as id, posts.created_at, s.search_text as text
        from ${source} f join post_search s on s.id = f.rowid join posts on posts.id = s.post_id
        where s.kind = ${kind} and ${canSeePost(viewer)}
        order by f.rowid desc limit ${limit}`;
    const hits = await run(window(newest, LIMIT));
    if (hits.length >= LIMIT) return hits;
    // The chunk's last match, when the words have more than the chunk.
    const last = await sql<{ rowid: number }>`
      select rowid from post_search_fts where post_search_fts match ${words} and ${below('rowid', before)}
      order by rowid desc limit 1 offset ${FTS_CHUNK - 1}`.execute(db);
    if (last.rows.length === 0) return hits;
    const rest = sql`(select rowid from post_search_fts where post_search_fts match ${`kind : "${kind}" AND ${words}`} and rowid < ${last.rows[0].rowid} order by rowid desc)`;
    return [...hits, ...(await run(window(rest, LIMIT - hits.length)))];
  }

  /** Answers matching every term that the viewer may see, each as its question. */
  function answerWindow(viewer: Viewer, terms: SearchTerm[], before: number | null): Promise<Hit[]> {
    const visible = sql<SqlBool>`${canSeePost(viewer)} and ${notBlockedBetween(viewer, 'answers.user_id')}`;
    if (postgres) {
      return pgWindow(
        'answer_search',
        null,
        terms,
        before,
        (source, limit) => sql<HitRow>`
          select s.id as sid, answers.question_id as id, posts.created_at, s.search_text as text
          from ${source} s join answers on answers.id = s.answer_id join posts on posts.id = answers.question_id
          where s.search_vector @@ ${tsQuery(terms)}::tsquery and ${visible}
          order by s.id desc limit ${limit}`,
      );
    }
    return run(sql<HitRow>`
      select answer_search_fts.rowid as sid, answers.question_id as id, posts.created_at, s.search_text as text
      from answer_search_fts join answer_search s on s.id = answer_search_fts.rowid
        join answers on answers.id = s.answer_id join posts on posts.id = answers.question_id
      where answer_search_fts match ${fts5Query(terms, 'search_text')} and ${below('answer_search_fts.rowid', before)} and ${visible}
      order by answer_search_fts.rowid desc limit ${LIMIT}`);
  }

  return {
    /** Posts or questions matching every term that the viewer may see. */
    postWindow(viewer: Viewer, kind: 'post' | 'question', terms: SearchTerm[], before: number | null): Promise<Hit[]> {
      if (postgres) {
        return pgWindow(
          'post_search',
          kind,
          terms,
          before,
          (source, limit) => sql<HitRow>`
          select s.id as sid, s.post_id as id, posts.created_at, s.search_text as text
          from ${source} s join posts on posts.id = s.post_id
          where s.search_vector @@ ${tsQuery(terms)}::tsquery and ${canSeePost(viewer)}
          order by s.id desc limit ${limit}`,
        );
      }
      return sqlitePostWindow(viewer, kind, terms, before);
    },

    /**
     * Questions matching every term, by their own words or an answer's, that the viewer may see: the
     * window of each (an answer's hit is its question, when the viewer may see the question and the
     * answer: canSeePost and no block either way with its author) merged newest first. Both share
     * one id sequence (0027_answer_search), so one bound pages through both; a question found more
     * than once in a window is one result (the service's `pageOfWindow`).
     */
    async questionWindow(viewer: Viewer, terms: SearchTerm[], before: number | null): Promise<Hit[]> {
      const [own, answered] = await Promise.all([this.postWindow(viewer, 'question', terms, before), answerWindow(viewer, terms, before)]);
      return [...own, ...answered].sort((a, b) => b.sid - a.sid).slice(0, LIMIT);
    },

    /** Members whose name matches, as the people lists show them: not the viewer, no block either way, banned ones for admins only, no admin account. */
    peopleWindow(viewer: Viewer, terms: SearchTerm[], exactName: string, before: number | null): Promise<Hit[]> {
      const shown = peopleShown(viewer);
      if (postgres) {
        return pgWindow(
          'user_search',
          null,
          terms,
          before,
          (source, limit) => sql<HitRow>`
          select s.id as sid, users.id, users.created_at, s.search_text as text, (users.username_lower = ${exactName}) as exact
          from ${source} s join users on users.id = s.user_id
          where s.search_vector @@ ${tsQuery(terms)}::tsquery and ${shown}
          order by s.id desc limit ${limit}`,
        );
      }
      return run(sql<HitRow>`
        select user_search_fts.rowid as sid, users.id, users.created_at, s.search_text as text, (users.username_lower = ${exactName}) as exact
        from user_search_fts join user_search s on s.id = user_search_fts.rowid join users on users.id = s.user_id
        where user_search_fts match ${fts5Query(terms, 'search_text')} and ${below('user_search_fts.rowid', before)} and ${shown}
        order by user_search_fts.rowid desc limit ${LIMIT}`);
    },

    /** Groups whose name, description or tags match that the viewer may know of. */
    groupWindow(viewer: Viewer, terms: SearchTerm[], before: number | null): Promise<Hit[]> {
      if (postgres) {
        return pgWindow(
          'group_search',
          null,
          terms,
          before,
          (source, limit) => sql<HitRow>`
          select s.id as sid, groups.id, groups.created_at, s.name_text as text, s.body_text as body
          from ${source} s join groups on groups.id = s.group_id
          where s.search_vector @@ ${tsQuery(terms)}::tsquery and ${canKnowGroup(viewer)}
          order by s.id desc limit ${limit}`,
        );
      }
      return run(sql<HitRow>`
        select group_search_fts.rowid as sid, groups.id, groups.created_at, s.name_text as text, s.body_text as body
        from group_search_fts join group_search s on s.id = group_search_fts.rowid join groups on groups.id = s.group_id
        where group_search_fts match ${fts5Query(terms, '{name_text body_text}')} and ${below('group_search_fts.rowid', before)} and ${canKnowGroup(viewer)}
        order by group_search_fts.rowid desc limit ${LIMIT}`);
    },

    /**
     * People or groups whose name starts with a letter (a one-letter query), in byte order of the
     * name, after the hit whose search row is `after` (0: from the first): a range read from an
     * index (migration 0018) that starts where the last window ended, so the cost is the rows
     * read, never a scan of every member or group, however deep the page.
     */
    letterWindow(kind: 'people' | 'groups', viewer: Viewer, letter: string, after: number): Promise<Hit[]> {
      const upper = afterLetter(letter);
      const bytes = (column: string) => (postgres ? sql`${sql.ref(column)} collate "C"` : sql.ref(column));
      if (kind === 'people') {
        // Names are unique, so the name alone is the key.
        const resume =
          after > 0
            ? sql`and ${bytes('users.username_lower')} > (select ${bytes('u.username_lower')} from user_search k join users u on u.id = k.user_id where k.id = ${after})`
            : sql``;
        return run(sql<HitRow>`
          select s.id as sid, users.id, users.created_at, s.search_text as text, (users.username_lower = ${letter}) as exact
          from users join user_search s on s.user_id = users.id
          where ${bytes('users.username_lower')} >= ${letter} and ${bytes('users.username_lower')} < ${upper} ${resume} and ${peopleShown(viewer)}
          order by ${bytes('users.username_lower')} limit ${LIMIT}`);
      }
      const resume =
        after > 0
          ? sql`and (${bytes('s.name_text')}, s.id) > (select ${bytes('k.name_text')}, k.id from group_search k where k.id = ${after})`
          : sql``;
      return run(sql<HitRow>`
        select s.id as sid, groups.id, groups.created_at, s.name_text as text, s.body_text as body
        from group_search s join groups on groups.id = s.group_id
        where ${bytes('s.name_text')} >= ${letter} and ${bytes('s.name_text')} < ${upper} ${resume} and ${canKnowGroup(viewer)}
        order by ${bytes('s.name_text')}, s.id limit ${LIMIT}`);
    },

    /**
     * Up to `limit` hashtags of public stream posts (text_tags.trends: what every member may read)
     * starting with `prefix`, by name: one index seek each (text_tags_tag_idx), however many posts
     * carry a tag.
     */
    async tagsStartingWith(prefix: string, limit: number): Promise<string[]> {
      const tags: string[] = [];
      const upper = prefix + '\uffff';
      let after: string | null = null;
      // A collation that orders some other text inside the range costs a few more seeks, never more than these.
      for (let seek = 0; seek < limit * 3 && tags.length < limit; seek++) {
        const row: { tag: string } | undefined = await db
          .selectFrom('text_tags')
          .select('tag')
          .where('tag', '>=', prefix)
          .where('tag', '<', upper)
          .$if(after !== null, (q) => q.where('tag', '>', after!))
          .where('trends', '=', 1)
          .orderBy('tag')
          .limit(1)
          .executeTakeFirst();
        if (!row) break;
        if (row.tag.startsWith(prefix)) tags.push(row.tag);
        after = row.tag;
      }
      return tags;
    },

    /** The members of a page as lists of people show them. */
    people: async (viewer: Viewer, ids: string[]): Promise<PersonRow[]> =>
      ids.length === 0
        ? []
        : db
            .selectFrom('users')
            .select([
              'users.id',
              'users.username',
              'users.avatar_color',
              'users.avatar_image',
              'users.profile_picture',
              sql<unknown>`exists (select 1 from follows where follows.follower_id = ${viewer.id} and follows.followee_id = users.id)`.as(
                'is_following',
              ),
              sql<unknown>`exists (select 1 from follows where follows.follower_id = users.id and follows.followee_id = ${viewer.id})`.as(
                'follows_you',
              ),
            ])
            .where('users.id', 'in', ids)
            .execute(),

    groups: async (ids: string[]): Promise<GroupsTable[]> =>
      ids.length === 0 ? [] : db.selectFrom('groups').selectAll().where('id', 'in', ids).execute(),

    /**
     * Image hashes whose band i is one of `values[i]` for some band (the multi-index lookup; see
     * server/media/imageHash.ts), at most `limit` per band, in one statement: each band's values
     * are one parameter (a JSON array on SQLite, an array on PostgreSQL), so the SQL text is the
     * same for every search and the four lookups are one round trip instead of four statements of
     * 137 parameters each (compiling and running those cost more than the lookups themselves).
     */
    imageCandidates: async (values: number[][], limit: number) => {
      const band = (i: number) =>
        postgres
          ? sql`(select post_id, hash, color from image_hashes where ${sql.ref(`band${i}`)} = any(${values[i]}::int[]) limit ${limit})`
          : sql`select * from (select post_id, hash, color from image_hashes where ${sql.ref(`band${i}`)} in (select value from json_each(${JSON.stringify(values[i])})) limit ${limit})`;
      const rows = await sql<{ post_id: string; hash: string; color: number | string }>`${sql.join(
        values.map((_, i) => band(i)),
        sql` union all `,
      )}`.execute(db);
      return rows.rows;
    },
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;
