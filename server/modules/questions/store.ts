import { sql, type Kysely } from 'kysely';
import { PAGE_SIZE } from '../../../src/api/pages';
import type { DatabaseHandle } from '../../db/database';
import type { TextFormat } from '../../../src/api/constants';
import type { AnswerRow, Database } from '../../db/schema';
import type { PostsForOthers } from '../posts/forOthers';
import { dropTextIndex, indexedTextOf, writeTextIndex } from '../../core/textIndex';
import { indexAnswer } from '../../core/searchIndex';
import { canSeePost, notBlockedBetween, type Viewer } from '../../core/visibility';

/** SQL for answers; an answer row and the question's answersCount change in one transaction. */
export function createAnswerStore(database: DatabaseHandle, posts: Pick<PostsForOthers, 'lockForUpdate' | 'findVisible'>) {
  const { db } = database;
  const count = (by: 1 | -1) => ({ answers_count: sql<number>`answers_count + ${by}` });

  const listed = () =>
    db
      .selectFrom('answers')
      .innerJoin('users', 'users.id', 'answers.user_id')
      .innerJoin('posts', 'posts.id', 'answers.question_id')
      .selectAll('answers')
      .select(['users.username', 'users.avatar_color', 'users.profile_picture', 'users.avatar_image', 'posts.accepted_answer_id']);

  return {
    answersCount: async (questionId: string) =>
      Number((await db.selectFrom('posts').select('answers_count').where('id', '=', questionId).executeTakeFirst())?.answers_count ?? 0),

    /**
     * Adds the answer (and `alsoWrite`, a send's key), counting it on its question and indexing its
     * hashtags and mentions: the members it mentions, or null when the question is not theirs to see.
     */
    add: (viewer: Viewer, row: AnswerRow, alsoWrite?: (trx: Kysely<Database>) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        if (!(await posts.lockForUpdate(trx, row.question_id))) return false;
        const question = await posts.findVisible(viewer, row.question_id, trx);
        if (!question || question.kind !== 'question') return null;
        await alsoWrite?.(trx);
        await trx.insertInto('answers').values(row).execute();
        await indexAnswer(trx, row);
        await trx.updateTable('posts').set(count(1)).where('id', '=', row.question_id).execute();
        return {
          mentioned: await writeTextIndex(trx, {
            sourceId: row.id,
            postId: row.question_id,
            indexed: indexedTextOf(row.answer, row.format, 'answer'),
            at: row.created_at,
          }),
        };
      }),

    findVisible: (viewer: Viewer, answerId: string) =>
      listed()
        .where('answers.id', '=', answerId)
        .where(canSeePost(viewer))
        .where(notBlockedBetween(viewer, 'answers.user_id'))
        .executeTakeFirst(),

    /** The accepted answer first, then oldest first. */
    ofQuestion: (viewer: Viewer, questionId: string) =>
      listed()
        .where('answers.question_id', '=', questionId)
        .where(canSeePost(viewer))
        .where(notBlockedBetween(viewer, 'answers.user_id'))
        .orderBy(sql`case when posts.accepted_answer_id = answers.id then 0 else 1 end`)
        .orderBy('answers.created_at', 'asc')
        .orderBy('answers.id', 'asc')
        .execute(),

    /** Changes the text and replaces its hashtags and mentions: the members mentioned anew. */
    update: (answerId: string, questionId: string, answer: string, format: TextFormat, now: string) =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('answers').set({ answer, format, updated_at: now, edited_at: now }).where('id', '=', answerId).execute();
        await indexAnswer(trx, { id: answerId, answer, format });
        return writeTextIndex(trx, { sourceId: answerId, postId: questionId, indexed: indexedTextOf(answer, format, 'answer'), at: now });
      }),

    remove: (answerId: string, questionId: string, now: string) =>
      db.transaction().execute(async (trx) => {
        await posts.lockForUpdate(trx, questionId);
        const removed = await trx.deleteFrom('answers').where('id', '=', answerId).returning('id').executeTakeFirst();
        if (!removed) return;
        await dropTextIndex(trx, answerId);
        await trx.updateTable('posts').set(count(-1)).where('id', '=', questionId).execute();
        await trx
          .updateTable('posts')
          .set({ accepted_answer_id: null, updated_at: now })
          .where('id', '=', questionId)
          .where('accepted_answer_id', '=', answerId)
          .execute();
      }),

    /** Whether the member has an answer to the question (after deleting one: is another left?). */
    hasAnswered: async (questionId: string, userId: string) =>
      (await db
        .selectFrom('answers')
        .select('id')
        .where('question_id', '=', questionId)
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst()) !== undefined,

    setAccepted: (questionId: string, answerId: string | null, now: string) =>
      db.updateTable('posts').set({ accepted_answer_id: answerId, updated_at: now }).where('id', '=', questionId).execute(),

    /** A member's answers on questions the viewer may see, each with its question's id. */
    async byUser(viewer: Viewer, userId: string, options: { acceptedOnly: boolean; order: 'asc' | 'desc'; page: number }) {
      let base = listed()
        .where('answers.user_id', '=', userId)
        .where(canSeePost(viewer))
        .where(notBlockedBetween(viewer, 'answers.user_id'));
      if (options.acceptedOnly) base = base.whereRef('posts.accepted_answer_id', '=', 'answers.id');
      const rows = await base
        .orderBy('answers.created_at', options.order)
        .orderBy('answers.id', options.order)
        .limit(PAGE_SIZE)
        .offset((options.page - 1) * PAGE_SIZE)
        .execute();
      let counted = db
        .selectFrom('answers')
        .innerJoin('posts', 'posts.id', 'answers.question_id')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('answers.user_id', '=', userId)
        .where(canSeePost(viewer))
        .where(notBlockedBetween(viewer, 'answers.user_id'));
      if (options.acceptedOnly) counted = counted.whereRef('posts.accepted_answer_id', '=', 'answers.id');
      return { rows, total: Number((await counted.executeTakeFirstOrThrow()).count) };
    },
  };
}

export type AnswerStore = ReturnType<typeof createAnswerStore>;
export type ListedAnswer = NonNullable<Awaited<ReturnType<AnswerStore['findVisible']>>>;
