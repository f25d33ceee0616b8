import type { Answer, TextFormat } from '../../../src/api/posts';
import { serverEvents } from '../../../src/api/socket';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import { badRequest, forbidden, notFound } from '../../http/httpError';
import type { Notifier } from '../notifications/service';
import type { PostAnnouncer } from '../posts/announce';
import { presentPost } from '../../core/presentPost';
import { pictureOf } from '../../core/presentUser';
import type { PostService } from '../posts/service';
import type { PostsForOthers } from '../posts/forOthers';
import type { Viewer } from '../../core/visibility';
import { noLongerAvailable, type ClientSends } from '../sends/clientSends';
import type { AnswerStore, ListedAnswer } from './store';

export const QUESTION_NOT_FOUND = 'Question not found';
export const ANSWER_NOT_FOUND = 'Answer not found';

export const presentAnswer = (row: ListedAnswer): Answer => ({
  _id: row.id,
  questionId: row.question_id,
  userId: row.user_id,
  username: row.username,
  avatarColor: row.avatar_color,
  profilePicture: pictureOf(row),
  answer: row.answer,
  format: row.format,
  accepted: row.accepted_answer_id === row.id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  editedAt: row.edited_at,
});

/** Answers to questions; the asker accepts one. A question itself is a post of kind 'question'. */
export function createQuestionService(deps: {
  answers: AnswerStore;
  posts: PostService;
  postsForOthers: Pick<PostsForOthers, 'findVisible'>;
  announce: PostAnnouncer;
  clock: Clock;
  sends: ClientSends;
  notifier?: Pick<Notifier, 'notify' | 'withdraw'>;
}) {
  const { answers, posts, announce } = deps;
  const now = () => deps.clock.now().toISOString();

  async function announceCounts(questionId: string) {
    const row = await deps.postsForOthers.findVisible({ id: '', isAdmin: true }, questionId);
    if (!row) return;
    announce.toAudience(questionId, {
      event: serverEvents.questionAnswers,
      payload: { questionId, answersCount: Number(row.answers_count), acceptedAnswerId: row.accepted_answer_id },
    });
  }

  /** Who wrote an answer (whoever is asking: only for telling them). */
  const answererOf = async (answerId: string | null) =>
    answerId ? ((await answers.findVisible({ id: '', isAdmin: true }, answerId))?.user_id ?? null) : null;

  /** The asker of the accepted answer's question no longer accepts it: the answerer's entry loses them. */
  async function withdrawAcceptance(question: { id: string; user_id: string; accepted_answer_id: string | null }, keep?: string) {
    if (!question.accepted_answer_id || question.accepted_answer_id === keep) return;
    const answerer = await answererOf(question.accepted_answer_id);
    if (answerer) await deps.notifier?.withdraw({ kind: 'answerAccepted', to: answerer, actorId: question.user_id, targetId: question.id });
  }

  async function ownAnswer(viewer: Viewer, answerId: string, verb: 'edit' | 'delete'): Promise<ListedAnswer> {
    const row = await answers.findVisible(viewer, answerId);
    if (!row) throw notFound(ANSWER_NOT_FOUND);
    if (row.user_id !== viewer.id) throw forbidden(`You can only ${verb} your own answers`);
    return row;
  }

  async function asked(viewer: Viewer, questionId: string) {
    const question = await posts.visible(viewer, questionId, 'question');
    if (question.user_id !== viewer.id) throw forbidden('Only the asker can accept an answer');
    return question;
  }

  async function answerOf(viewer: Viewer, answerId: string) {
    const row = await answers.findVisible(viewer, answerId);
    if (!row) throw notFound(ANSWER_NOT_FOUND);
    return { answer: presentAnswer(row), answersCount: await answers.answersCount(row.question_id) };
  }

  return {
    async detail(viewer: Viewer, questionId: string) {
      const question = await posts.visible(viewer, questionId, 'question');
      return { question: presentPost(question, viewer), answers: (await answers.ofQuestion(viewer, questionId)).map(presentAnswer) };
    },

    /** A send with a client id is stored once: a retry answers the first answer as it is now, with no second event or notification. */
    async answer(viewer: Viewer, questionId: string, text: string, clientId?: string, format: TextFormat = 'plain') {
      const key = clientId ? { authorId: viewer.id, kind: 'answer' as const, clientId } : null;
      return deps.sends.once(
        key,
        async (claim) => {
          const at = now();
          const id = newId();
          const added = await answers.add(
            viewer,
            { id, question_id: questionId, user_id: viewer.id, answer: text, format, created_at: at, updated_at: at, edited_at: null },
            claim ? (trx) => claim(trx, id, at) : undefined,
          );
          if (!added) throw notFound(QUESTION_NOT_FOUND);
          await announceCounts(questionId);
          const question = await deps.postsForOthers.findVisible({ id: '', isAdmin: true }, questionId);
          if (question)
            await deps.notifier?.notify({
              kind: 'answer',
              to: question.user_id,
              actorId: viewer.id,
              target: { type: 'question', id: questionId },
            });
          await deps.notifier?.notify({
            kind: 'mention',
            to: added.mentioned,
            actorId: viewer.id,
            target: { type: 'question', id: questionId },
          });
          return answerOf(viewer, id);
        },
        async (answerId) => {
          if (!(await answers.findVisible(viewer, answerId))) throw noLongerAvailable('Answer');
          return answerOf(viewer, answerId);
        },
      );
    },

    /** `format` left out keeps the answer's own. */
    async editAnswer(viewer: Viewer, answerId: string, text: string, format?: TextFormat) {
      const row = await ownAnswer(viewer, answerId, 'edit');
      const mentioned = await answers.update(answerId, row.question_id, text, format ?? row.format, now());
      await deps.notifier?.notify({
        kind: 'mention',
        to: mentioned,
        actorId: viewer.id,
        target: { type: 'question', id: row.question_id },
      });
      return answerOf(viewer, answerId);
    },

    async removeAnswer(viewer: Viewer, answerId: string) {
      const row = await ownAnswer(viewer, answerId, 'delete');
      await answers.remove(answerId, row.question_id, now());
      await announceCounts(row.question_id);
      // Undo: the answerer leaves the asker's entry once none of their answers is left; an accepted answer's acceptance goes with it.
      if (!(await answers.hasAnswered(row.question_id, viewer.id))) {
        await deps.notifier?.withdraw({ kind: 'answer', actorId: viewer.id, targetId: row.question_id });
      }
      if (row.accepted_answer_id === answerId) {
        const question = await deps.postsForOthers.findVisible({ id: '', isAdmin: true }, row.question_id);
        if (question)
          await deps.notifier?.withdraw({ kind: 'answerAccepted', to: viewer.id, actorId: question.user_id, targetId: row.question_id });
      }
      return { answersCount: await answers.answersCount(row.question_id) };
    },

    async accept(viewer: Viewer, questionId: string, answerId: string) {
      const question = await asked(viewer, questionId);
      const answer = await answers.findVisible(viewer, answerId);
      if (!answer) throw notFound(ANSWER_NOT_FOUND);
      if (answer.question_id !== questionId) throw badRequest('That answer belongs to another question');
      await answers.setAccepted(questionId, answerId, now());
      await announceCounts(questionId);
      if (question.accepted_answer_id !== answerId) {
        await withdrawAcceptance(question, answerId);
        await deps.notifier?.notify({
          kind: 'answerAccepted',
          to: answer.user_id,
          actorId: viewer.id,
          target: { type: 'question', id: questionId },
        });
      }
      return posts.get(viewer, questionId);
    },

    async unaccept(viewer: Viewer, questionId: string) {
      const question = await asked(viewer, questionId);
      await answers.setAccepted(questionId, null, now());
      await announceCounts(questionId);
      await withdrawAcceptance(question);
      return posts.get(viewer, questionId);
    },

    async byUser(viewer: Viewer, userId: string, options: { acceptedOnly: boolean; order: 'asc' | 'desc'; page: number }) {
      const { rows, total } = await answers.byUser(viewer, userId, options);
      const questions = new Map<string, ReturnType<typeof presentPost>>();
      for (const id of new Set(rows.map((row) => row.question_id))) {
        const question = await deps.postsForOthers.findVisible(viewer, id);
        if (question) questions.set(id, presentPost(question, viewer));
      }
      return {
        answers: rows
          .filter((row) => questions.has(row.question_id))
          // Added to the fresh answer, not spread into a copy (a hidden class per new property after a spread).
          .map((row) => Object.assign(presentAnswer(row), { question: questions.get(row.question_id)! })),
        totalAnswers: total,
      };
    },
  };
}

export type QuestionService = ReturnType<typeof createQuestionService>;
