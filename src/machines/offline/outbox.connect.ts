import type { OutboxActorRef, OutboxSnapshot } from './outbox.machine';
import type { FeedSource } from '../streams/postList';
import type {
  AnswerPayload,
  ChatMessagePayload,
  CommentPayload,
  GroupPostPayload,
  OutboxItem,
  PostPayload,
  QuestionPayload,
  ReactionPayload,
} from './outbox.types';
import { reactionClientId } from './outbox.types';

/** The outbox's words, where the items show (docs/client-offline.md, "Outbox"). */
export const OUTBOX_WAITING_TEXT = 'Waiting to send';
export const OUTBOX_SENDING_TEXT = 'Sending…';
export const OUTBOX_RETRY_LABEL = 'Try again';
export const OUTBOX_DELETE_LABEL = 'Delete';

export type ChatOutboxItem = OutboxItem & { kind: 'chatMessage'; payload: ChatMessagePayload };
export type PostOutboxItem = OutboxItem & { kind: 'post'; payload: PostPayload };
export type GroupPostOutboxItem = OutboxItem & { kind: 'groupPost'; payload: GroupPostPayload };
export type QuestionOutboxItem = OutboxItem & { kind: 'question'; payload: QuestionPayload };
export type CommentOutboxItem = OutboxItem & { kind: 'comment'; payload: CommentPayload };
export type AnswerOutboxItem = OutboxItem & { kind: 'answer'; payload: AnswerPayload };
export type ReactionOutboxItem = OutboxItem & { kind: 'reaction'; payload: ReactionPayload };

const itemsOf = (snapshot: OutboxSnapshot | undefined) => snapshot?.context.items ?? [];

/** The chat messages waiting (or refused) for one conversation, in the order written. */
export const outboxMessagesFor = (snapshot: OutboxSnapshot | undefined, peerId: string, isGroup: boolean): ChatOutboxItem[] =>
  itemsOf(snapshot).filter(
    (item): item is ChatOutboxItem => item.kind === 'chatMessage' && item.payload.peerId === peerId && item.payload.isGroup === isGroup,
  );

/** The member's own posts not sent yet, newest written first (as a stream shows posts). */
export const outboxPosts = (snapshot: OutboxSnapshot | undefined): PostOutboxItem[] =>
  itemsOf(snapshot)
    .filter((item): item is PostOutboxItem => item.kind === 'post')
    .reverse();

/** The member's own questions not sent yet, newest written first (as the questions list shows them). */
export const outboxQuestions = (snapshot: OutboxSnapshot | undefined): QuestionOutboxItem[] =>
  itemsOf(snapshot)
    .filter((item): item is QuestionOutboxItem => item.kind === 'question')
    .reverse();

/** The member's posts in one group not sent yet, newest written first (as the group's Posts tab shows posts). */
export const outboxGroupPosts = (snapshot: OutboxSnapshot | undefined, groupId: string): GroupPostOutboxItem[] =>
  itemsOf(snapshot)
    .filter((item): item is GroupPostOutboxItem => item.kind === 'groupPost' && item.payload.groupId === groupId)
    .reverse();

/** A card the lists show for an item not sent yet: a post of the member's own stream, a group post or a question. */
export type PendingCardItem = PostOutboxItem | GroupPostOutboxItem | QuestionOutboxItem;

const NONE: never[] = [];

/**
 * The pending cards a list shows on top, where the sent item will land: new posts on the streams
 * (Latest and For you) and on the member's own profile, new questions on the questions list, a
 * group's new posts on its Posts tab (where an admin's post lands; a member's goes to review).
 */
export function outboxCardsFor(snapshot: OutboxSnapshot | undefined, source: FeedSource): PendingCardItem[] {
  switch (source.kind) {
    case 'streams':
      return outboxPosts(snapshot);
    case 'user':
      return source.userId === snapshot?.context.userId ? outboxPosts(snapshot) : NONE;
    case 'questions':
      return outboxQuestions(snapshot);
    case 'group':
      return outboxGroupPosts(snapshot, source.groupId);
    default:
      return NONE;
  }
}
/** The member's comments on one post not sent yet, in the order written (after the stored ones, as written). */
export const outboxCommentsFor = (snapshot: OutboxSnapshot | undefined, postId: string): CommentOutboxItem[] =>
  itemsOf(snapshot).filter((item): item is CommentOutboxItem => item.kind === 'comment' && item.payload.postId === postId);

/** The member's answers to one question not sent yet, in the order written. */
export const outboxAnswersFor = (snapshot: OutboxSnapshot | undefined, questionId: string): AnswerOutboxItem[] =>
  itemsOf(snapshot).filter((item): item is AnswerOutboxItem => item.kind === 'answer' && item.payload.questionId === questionId);

/**
 * How many of the member's comments on a post (or answers to a question) wait in the outbox, refused
 * ones left out: the post's count shows them while they wait (docs/client-offline.md, "Outbox").
 */
export const outboxWaitingCount = (snapshot: OutboxSnapshot | undefined, kind: 'comment' | 'answer', postId: string) =>
  (kind === 'comment' ? outboxCommentsFor(snapshot, postId) : outboxAnswersFor(snapshot, postId)).filter((item) => item.state !== 'failed')
    .length;

/**
 * Whether this tab is sending, right now, a comment on this post (or an answer to this question) of
 * the member's: the socket's copy of it (and its count) may come before the answer, while the item
 * still counts as waiting; the answer brings the same in the step that takes the item away.
 */
export function outboxSendingHere(snapshot: OutboxSnapshot | undefined, kind: 'comment' | 'answer', postId: string): boolean {
  const current = snapshot?.context.leader ? snapshot.context.current : null;
  if (!current || current.kind !== kind || !itemsOf(snapshot).some((item) => item.clientId === current.clientId)) return false;
  return current.kind === 'comment'
    ? current.payload.postId === postId
    : current.kind === 'answer' && current.payload.questionId === postId;
}

/** The member's reaction wish on one post not sent yet (or refused), if any: on its card it wins over the server's. */
export const outboxReactionFor = (snapshot: OutboxSnapshot | undefined, postId: string): ReactionOutboxItem | undefined =>
  itemsOf(snapshot).find((item): item is ReactionOutboxItem => item.kind === 'reaction' && item.clientId === reactionClientId(postId));

/** What an item's mark says: waiting, sending, or the server's reason. */
export const outboxItemText = (item: OutboxItem) =>
  item.state === 'failed' ? (item.error ?? '') : item.state === 'sending' ? OUTBOX_SENDING_TEXT : OUTBOX_WAITING_TEXT;

/** Whether any item waits to be sent (not refused): a new send of the same member goes behind it. */
export const outboxHoldsWaiting = (snapshot: OutboxSnapshot | undefined) => itemsOf(snapshot).some((item) => item.state !== 'failed');

/** What an item's buttons may do: only a refused item offers them. */
export function outboxControls(actor: OutboxActorRef, clientId: string) {
  return {
    retry: () => actor.send({ type: 'outbox.retry', clientId }),
    remove: () => actor.send({ type: 'outbox.delete', clientId }),
  };
}

/** How many items signing out would delete: every item the outbox holds, waiting or refused. */
export const outboxUnsentCount = (snapshot: OutboxSnapshot | undefined) => itemsOf(snapshot).length;
