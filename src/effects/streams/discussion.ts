import { fromPromise, type EventObject } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { TextFormat } from '../../api/posts';
import { serverEvents } from '../../api/socket';
import { answersMachine, type AnswersEvent } from '../../machines/streams/discussion/answers.machine';
import { commentsMachine, type CommentsEvent } from '../../machines/streams/discussion/comments.machine';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { keptMemberOf } from '../offline/kept';
import { withKept } from '../offline/keptLoad';
import { postWatch as appPostWatch, watchingActor, type PostWatch } from './postWatch';
import type { Bus, BusMessage } from '../shell/socket';

/** Bus messages as events of a comments machine (its own post only). */
export function commentsEventOf(message: BusMessage, postId: string): CommentsEvent | null {
  switch (message.event) {
    case serverEvents.commentAdded:
      return message.payload.comment.postId === postId ? { type: 'comments.added', ...message.payload } : null;
    case serverEvents.commentUpdated:
      return message.payload.comment.postId === postId ? { type: 'comments.updated', ...message.payload } : null;
    case serverEvents.commentDeleted:
      return message.payload.postId === postId
        ? { type: 'comments.removed', commentId: message.payload.commentId, commentsCount: message.payload.commentsCount }
        : null;
    default:
      return null;
  }
}

/** Bus messages as events of an answers machine (its own question only). */
export function answersEventOf(message: BusMessage, questionId: string): AnswersEvent | null {
  if (message.event !== serverEvents.questionAnswers || message.payload.questionId !== questionId) return null;
  return { type: 'answers.changed', answersCount: message.payload.answersCount, acceptedAnswerId: message.payload.acceptedAnswerId };
}

type Watch = Pick<PostWatch, 'show' | 'forget'>;

/** The live actors of a question's answers and a post's comments, watching their own post. */
export const liveAnswersActor = (bus: Bus, watch: Watch = appPostWatch) =>
  watchingActor<EventObject, { questionId: string }>(
    bus,
    watch,
    (message, input) => answersEventOf(message, input.questionId),
    (input) => [input.questionId],
  );

export const liveCommentsActor = (bus: Bus, watch: Watch = appPostWatch) =>
  watchingActor<EventObject, { postId: string }>(
    bus,
    watch,
    (message, input) => commentsEventOf(message, input.postId),
    (input) => [input.postId],
  );

/**
 * The comments and answers machines with their real effects, bound as the streams' machines are
 * (`streamsLogic(...).bound`: the app actor, the API client and the bus). Apart from
 * effects/streams/streams.ts so the lists of posts do not load them.
 */
export function discussionLogic({ app, api, bus, watch = appPostWatch }: { app: HasSystem; api: ApiClient; bus: Bus; watch?: Watch }) {
  const bridge = bridgeActions(app);
  return {
    comments: commentsMachine.provide({
      actors: {
        fetchComments: fromPromise(({ input }: { input: { postId: string; cursor?: string } }) => {
          const read = () => api.comments.ofPost(input.postId, input.cursor ? { cursor: input.cursor } : undefined);
          // A post's first page of comments is kept with the post, and read back when the server cannot be reached.
          if (input.cursor) return read();
          return withKept({ member: keptMemberOf(app), kind: 'comments', id: input.postId }, read, (page) => ({
            ...page,
            nextCursor: null,
          }));
        }),
        createComment: fromPromise(({ input }: { input: { postId: string; comment: string; clientId: string; format: TextFormat } }) =>
          api.comments.create({
            postId: input.postId,
            comment: input.comment,
            clientId: input.clientId,
            ...(input.format === 'markdown' ? { format: input.format } : {}),
          }),
        ),
        updateComment: fromPromise(({ input }: { input: { commentId: string; comment: string; format: TextFormat } }) =>
          api.comments.update(input.commentId, input.comment, input.format),
        ),
        removeComment: fromPromise(({ input }: { input: { commentId: string } }) => api.comments.remove(input.commentId)),
        live: liveCommentsActor(bus, watch),
      },
      actions: { showToast: bridge.showToast },
    }),
    answers: answersMachine.provide({
      actors: {
        fetchQuestion: fromPromise(({ input }: { input: { questionId: string } }) => api.questions.one(input.questionId)),
        createAnswer: fromPromise(({ input }: { input: { questionId: string; answer: string; clientId: string; format: TextFormat } }) =>
          api.questions.answer(input.questionId, {
            answer: input.answer,
            clientId: input.clientId,
            ...(input.format === 'markdown' ? { format: input.format } : {}),
          }),
        ),
        updateAnswer: fromPromise(({ input }: { input: { answerId: string; answer: string; format: TextFormat } }) =>
          api.questions.editAnswer(input.answerId, { answer: input.answer, format: input.format }),
        ),
        removeAnswer: fromPromise(({ input }: { input: { answerId: string } }) => api.questions.removeAnswer(input.answerId)),
        acceptAnswer: fromPromise(({ input }: { input: { questionId: string; answerId: string | null } }) =>
          input.answerId ? api.questions.accept(input.questionId, input.answerId) : api.questions.unaccept(input.questionId),
        ),
        live: liveAnswersActor(bus, watch),
      },
      actions: { showToast: bridge.showToast },
    }),
  };
}
export type DiscussionLogic = ReturnType<typeof discussionLogic>;
