import { fromPromise, type EventObject } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { AnswerResponse, CommentResponse, TextFormat } from '../../api/posts';
import { serverEvents } from '../../api/socket';
import { answersMachine, type AnswersEvent } from '../../machines/streams/discussion/answers.machine';
import { commentsMachine, type CommentsEvent } from '../../machines/streams/discussion/comments.machine';
import type { OutboxActorRef, OutboxSnapshot } from '../../machines/offline/outbox.machine';
import type { OutboxItem } from '../../machines/offline/outbox.types';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { keptMemberOf } from '../offline/kept';
import { rejectIfQueuedBehind } from '../offline/queuedBehind';
import { withKept } from '../offline/keptLoad';
import { postWatch as appPostWatch, watchingActor, type PostWatch } from './postWatch';
import { sentHereFirst } from './streams';
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

/** A comment of the member's that waited in the outbox, stored: the open post takes it as the socket's comments.added. */
export function commentsSentOf(item: OutboxItem, result: unknown, postId: string): CommentsEvent | null {
  if (item.kind !== 'comment' || item.payload.postId !== postId) return null;
  const { comment, commentsCount } = result as CommentResponse;
  return { type: 'comments.added', comment, commentsCount };
}

/** An answer of the member's that waited in the outbox, stored: the open question takes it. */
export function answersSentOf(item: OutboxItem, result: unknown, questionId: string): AnswersEvent | null {
  if (item.kind !== 'answer' || item.payload.questionId !== questionId) return null;
  const { answer, answersCount } = result as AnswerResponse;
  return { type: 'answers.added', answer, answersCount };
}

/** The outbox's stored items (`outbox.sent`, app child 'outbox') as a machine's events, while it listens. */
const outboxSent =
  <TInput>(app: HasSystem | undefined, eventOf: (item: OutboxItem, result: unknown, input: TInput) => EventObject | null) =>
  (input: TInput, sendBack: (event: EventObject) => void) => {
    const outbox = app?.system.get('outbox') as OutboxActorRef | undefined;
    const subscription = outbox?.on('outbox.sent', ({ item, result }) => {
      const event = eventOf(item, result, input);
      if (event) sendBack(event);
    });
    return () => subscription?.unsubscribe();
  };

type Watch = Pick<PostWatch, 'show' | 'forget'>;

const outboxOf = (app: HasSystem | undefined) => app?.system.get('outbox')?.getSnapshot() as OutboxSnapshot | undefined;

/** The live actors of a question's answers and a post's comments, watching their own post. */
export const liveAnswersActor = (bus: Bus, watch: Watch = appPostWatch, app?: HasSystem) =>
  watchingActor<EventObject, { questionId: string }>(
    bus,
    watch,
    (message, input) => (sentHereFirst(message, outboxOf(app)) ? null : answersEventOf(message, input.questionId)),
    (input) => [input.questionId],
    outboxSent(app, (item, result, input: { questionId: string }) => answersSentOf(item, result, input.questionId)),
  );

export const liveCommentsActor = (bus: Bus, watch: Watch = appPostWatch, app?: HasSystem) =>
  watchingActor<EventObject, { postId: string }>(
    bus,
    watch,
    (message, input) => (sentHereFirst(message, outboxOf(app)) ? null : commentsEventOf(message, input.postId)),
    (input) => [input.postId],
    outboxSent(app, (item, result, input: { postId: string }) => commentsSentOf(item, result, input.postId)),
  );

/**
 * The comments and answers machines with their real effects, bound as the streams' machines are
 * (`streamsLogic(...).bound`: the app actor, the API client and the bus). Apart from
 * effects/streams/streams.ts so the lists of posts do not load them.
 */
export function discussionLogic({
  app,
  api,
  bus,
  watch = appPostWatch,
}: {
  app: HasSystem;
  api: Pick<ApiClient, 'comments' | 'questions'>;
  bus: Bus;
  watch?: Watch;
}) {
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
        createComment: fromPromise(
          async ({ input }: { input: { postId: string; comment: string; clientId: string; format: TextFormat } }) => {
            rejectIfQueuedBehind(app);
            return api.comments.create({
              postId: input.postId,
              comment: input.comment,
              clientId: input.clientId,
              ...(input.format === 'markdown' ? { format: input.format } : {}),
            });
          },
        ),
        updateComment: fromPromise(({ input }: { input: { commentId: string; comment: string; format: TextFormat } }) =>
          api.comments.update(input.commentId, input.comment, input.format),
        ),
        removeComment: fromPromise(({ input }: { input: { commentId: string } }) => api.comments.remove(input.commentId)),
        live: liveCommentsActor(bus, watch, app),
      },
      actions: { showToast: bridge.showToast, toOutbox: bridge.toOutbox },
    }),
    answers: answersMachine.provide({
      actors: {
        fetchQuestion: fromPromise(({ input }: { input: { questionId: string } }) => api.questions.one(input.questionId)),
        createAnswer: fromPromise(
          async ({ input }: { input: { questionId: string; answer: string; clientId: string; format: TextFormat } }) => {
            rejectIfQueuedBehind(app);
            return api.questions.answer(input.questionId, {
              answer: input.answer,
              clientId: input.clientId,
              ...(input.format === 'markdown' ? { format: input.format } : {}),
            });
          },
        ),
        updateAnswer: fromPromise(({ input }: { input: { answerId: string; answer: string; format: TextFormat } }) =>
          api.questions.editAnswer(input.answerId, { answer: input.answer, format: input.format }),
        ),
        removeAnswer: fromPromise(({ input }: { input: { answerId: string } }) => api.questions.removeAnswer(input.answerId)),
        acceptAnswer: fromPromise(({ input }: { input: { questionId: string; answerId: string | null } }) =>
          input.answerId ? api.questions.accept(input.questionId, input.answerId) : api.questions.unaccept(input.questionId),
        ),
        live: liveAnswersActor(bus, watch, app),
      },
      actions: { showToast: bridge.showToast, toOutbox: bridge.toOutbox },
    }),
  };
}
export type DiscussionLogic = ReturnType<typeof discussionLogic>;
