import type { ReactionType } from '../../api/constants';
import type { CreateGroupPostBody } from '../../api/groups';
import type { CreateImagePostBody, CreatePostBody, CreateQuestionBody, TextFormat } from '../../api/posts';

/**
 * What the outbox keeps (docs/client-offline.md, "Outbox"): sends that found no server, each with
 * the client id that makes sending it again harmless (docs/api.md, "Idempotent sends").
 */

/** A chat message: to a member (`peerId`, their username for the thread) or a group. */
export interface ChatMessagePayload {
  peerId: string;
  peerName: string;
  isGroup: boolean;
  body: string;
  gifUrl: string;
  /** An attached image's bytes (uploaded when the message goes)... */
  image: Blob | null;
  /** ...or its URL, where the upload was done before the send found no server. */
  selectedImage: string;
}

/** A new post of the member's own stream (text, gif or one image): the composer's body without its image. */
export interface PostPayload {
  body: Omit<CreatePostBody, 'clientId'> & Pick<Partial<CreateImagePostBody>, 'imageAlt'>;
  image: Blob | null;
}

/**
 * A new post in a group the member belongs to (text, gif or one image; POST /post/group/{groupId}):
 * the composer's body without its image, and the group's name for the card.
 */
export interface GroupPostPayload {
  groupId: string;
  groupName: string;
  body: Omit<CreateGroupPostBody, 'clientId' | 'image' | 'video' | 'poster'>;
  image: Blob | null;
}

/** A new question (text only; `image` is always null, so every kind's hand-off has the same shape). */
export interface QuestionPayload {
  body: Omit<CreateQuestionBody, 'clientId'>;
  image: null;
}

/** A comment under a post, in its format (POST /post/comment). */
export interface CommentPayload {
  postId: string;
  comment: string;
  format: TextFormat;
}

/** An answer to a question, in its format (POST /question/{id}/answer). */
export interface AnswerPayload {
  questionId: string;
  answer: string;
  format: TextFormat;
}

/**
 * The member's wish for their reaction on a post: a type (POST /post/reaction sets it) or none
 * (DELETE /post/reaction/{postId}). Both state the end wanted, so one item per post, its client id
 * `reactionClientId(postId)`: a newer wish replaces the waiting one.
 */
export interface ReactionPayload {
  postId: string;
  reaction: ReactionType | null;
}

/** The one outbox item of a post's reaction: adding it again replaces the wish (outbox.machine.ts, `outbox.add`). */
export const reactionClientId = (postId: string) => `reaction:${postId}`;

export type OutboxPayloads = {
  chatMessage: ChatMessagePayload;
  post: PostPayload;
  groupPost: GroupPostPayload;
  question: QuestionPayload;
  comment: CommentPayload;
  answer: AnswerPayload;
  reaction: ReactionPayload;
};
export type OutboxKind = keyof OutboxPayloads;

/** A send as a screen hands it over: its kind, client id and what it sends. */
export type OutboxEntry = { [K in OutboxKind]: { kind: K; clientId: string; payload: OutboxPayloads[K] } }[OutboxKind];

/**
 * A send as a screen's machine hands it over: an image as the data URL the screen holds ('' for
 * none); the effect keeps its bytes (entryOf, src/effects/offline/outbox.ts). A kind without an
 * image goes as it is kept.
 */
export type OutboxHandOff = {
  [K in OutboxKind]: {
    kind: K;
    clientId: string;
    payload: 'image' extends keyof OutboxPayloads[K] ? Omit<OutboxPayloads[K], 'image'> & { image: string } : OutboxPayloads[K];
  };
}[OutboxKind];

/** Where an item is: waiting for its turn (or for the network), being sent, or refused by the server. */
export type OutboxItemState = 'waiting' | 'sending' | 'failed';

export type OutboxItem = OutboxEntry & {
  /** The order written: milliseconds since the epoch when it was handed over, plus a tie-breaker. */
  order: number;
  state: OutboxItemState;
  /** The server's `message` when it refused the item (4xx). */
  error: string | null;
};

/** A change one tab made, told to the member's other tabs. */
/**
 * `remove` with the `order` of the item as the remover had it: a tab takes an item away only if
 * its own copy is that one, not a newer wish that replaced it meanwhile (a reaction's, same client id).
 */
export type OutboxChange = { put: OutboxItem } | { remove: string; order?: number };
