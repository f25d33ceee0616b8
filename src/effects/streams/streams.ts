import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { ReactionType } from '../../api/constants';
import { PAGE_SIZE } from '../../api/constants';
import type { AnswerResponse, CommentResponse, Post } from '../../api/posts';
import { serverEvents } from '../../api/socket';
import { failureStatus } from '../../machines/shared/failure';
import {
  feedMachine,
  type FeedEvent,
  type FeedLiveCommand,
  type FeedPage,
  type FeedSource,
  type FetchPageInput,
} from '../../machines/streams/feed.machine';
import { outboxSendingHere } from '../../machines/offline/outbox.connect';
import type { OutboxItem } from '../../machines/offline/outbox.types';
import type { OutboxActorRef, OutboxSnapshot } from '../../machines/offline/outbox.machine';
import { reactionsSent, type ReactionsSent } from './reactionsSent';
import { rejectIfQueuedBehind } from '../offline/queuedBehind';
import { reactionsMachine } from '../../machines/streams/post/reactions.machine';
import { saveMachine } from '../../machines/streams/post/save.machine';
import { whoReactedMachine } from '../../machines/streams/post/whoReacted.machine';
import { clientOf } from '../shell/api';
import { rememberFeedOrder } from './feedOrder';
import type { KeptKind } from '../../api/offline/kept';
import { keptMemberOf } from '../offline/kept';
import { withKept } from '../offline/keptLoad';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { postWatch as appPostWatch, watchingActor, type PostWatch } from './postWatch';
import { streamsBus, type Bus, type BusMessage } from '../shell/socket';
import { createStreamsApi } from '../../api/posts/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'posts' | 'questions' | 'reactions' | 'comments' | 'saved'>;

/** What a card's '…' menu calls (follow, block, report): effects/streams/author.ts. */
export type AuthorCalls = Pick<ApiClient, 'follows' | 'users' | 'moderation'>;

const defaultApi: Calls = clientOf(createStreamsApi);

function readPage(
  api: Calls,
  source: FeedSource,
  q: { cursor?: string; since?: string; order: FetchPageInput['order'] },
): Promise<{ posts: Post[]; nextCursor: string | null; total?: number }> {
  const query = q.cursor || q.since ? { ...(q.cursor ? { cursor: q.cursor } : {}), ...(q.since ? { since: q.since } : {}) } : undefined;
  switch (source.kind) {
    case 'streams':
      // Catching up after a reconnect asks what is new by date in either order (it waits behind the pill).
      if (q.order === 'forYou' && !q.since) return api.posts.forYou(q.cursor).then((p) => ({ posts: p.posts, nextCursor: p.nextCursor }));
      return api.posts.all(1, query).then((p) => ({ posts: p.posts, nextCursor: p.nextCursor, total: p.totalPosts }));
    case 'questions':
      return api.questions.all(1, query).then((p) => ({ posts: p.questions, nextCursor: p.nextCursor, total: p.totalQuestions }));
    case 'saved':
      return api.saved.page(1, query).then((p) => ({ posts: p.posts, nextCursor: p.nextCursor, total: p.totalPosts }));
    case 'photos':
      return api.posts.images(1, query).then((p) => ({ posts: p.posts, nextCursor: p.nextCursor, total: p.totalPosts }));
    case 'videos':
      return api.posts.videos(1, query).then((p) => ({ posts: p.posts, nextCursor: p.nextCursor, total: p.totalPosts }));
    case 'user':
      return api.posts.byUser(source.userId, 1, query).then((p) => ({ posts: p.posts, nextCursor: p.nextCursor, total: p.totalPosts }));
    case 'post':
      // One post: nothing older or newer to page through.
      if (q.cursor || q.since) return Promise.resolve({ posts: [], nextCursor: null });
      // Missing, malformed or not the member's to see: the server says 404 for each, and the page
      // shows "This post is gone" once (an empty list), not a failure with Try again and a toast.
      return api.posts.one(source.postId).then(
        (p) => ({ posts: [p.post], nextCursor: null, total: 1 }),
        (error: unknown) => {
          if (failureStatus(error) === 404) return { posts: [], nextCursor: null, total: 0 };
          throw error;
        },
      );
    case 'topic':
      return api.posts.topic(source.topic, 1, query).then((p) => ({ posts: p.posts, nextCursor: p.nextCursor, total: p.totalPosts }));
    case 'group':
      return api.posts.ofGroup(source.groupId, 1, query).then((p) => ({ posts: p.posts, nextCursor: p.nextCursor, total: p.totalPosts }));
    case 'groupPending':
      return api.posts
        .pendingOfGroup(source.groupId, 1, query)
        .then((p) => ({ posts: p.posts, nextCursor: p.nextCursor, total: p.totalPosts }));
  }
}

/** Which lists keep their first page for reading offline: the streams (per order), an opened post, a profile's posts. */
function keptId(input: FetchPageInput): { kind: KeptKind; id: string } | null {
  if (input.cursor || input.since) return null;
  if (input.source.kind === 'streams') return { kind: 'stream', id: input.order ?? 'latest' };
  if (input.source.kind === 'post') return { kind: 'post', id: input.source.postId };
  if (input.source.kind === 'user') return { kind: 'timeline', id: input.source.userId };
  return null;
}

/**
 * GET a page of a list. Each post says what it is to the member (their reaction, saved, following).
 * The streams', a post's and a profile's first page are kept for the member (`member()`), and stand in when
 * the server cannot be reached (src/effects/offline/keptLoad.ts).
 */
export const fetchPageActor = (
  api: Calls,
  member: () => string | null = () => null,
  /** What the page takes that came while it was read (reactionsSent.ts). */
  newer: Pick<ReactionsSent, 'ask'> = { ask: () => ({ take: (page) => page, end: () => {} }) },
) =>
  fromPromise<FeedPage, FetchPageInput>(async ({ input }) => {
    const asked = newer.ask();
    try {
      return asked.take(await readFeedPage(api, member, input));
    } finally {
      asked.end();
    }
  });

async function readFeedPage(api: Calls, member: () => string | null, input: FetchPageInput): Promise<FeedPage> {
  const read = async () => {
    const at = new Date().toISOString();
    const page = await readPage(api, input.source, { cursor: input.cursor, since: input.since, order: input.order });
    return input.cursor || input.since ? page : { ...page, at };
  };
  const kept = keptId(input);
  if (!kept) return read();
  return withKept({ member: member(), ...kept }, read, (page, savedAt) => ({ ...page, nextCursor: null, keptAt: savedAt }));
}

/** Bus messages as events of a list machine. */
export function feedEventOf(message: BusMessage, source: FeedSource): FeedEvent | null {
  switch (message.event) {
    case 'reconnected':
      return { type: 'feed.reconnected' };
    case 'reset':
      return source.kind === message.feed ? { type: 'feed.reset' } : null;
    case 'following':
      return { type: 'feed.following', userId: message.userId, following: message.following };
    case 'blocked':
      return { type: 'feed.blocked', userId: message.userId };
    case 'published':
      // Like a post the member just published: it takes its pending card's place (by id, once).
      return { type: 'feed.published', post: message.post };
    case serverEvents.postAdded:
      return { type: 'feed.postAdded', post: message.payload.post };
    case serverEvents.postUpdated:
      return { type: 'feed.postUpdated', post: message.payload.post };
    case serverEvents.postDeleted:
      return { type: 'feed.postDeleted', postId: message.payload.postId };
    case serverEvents.postReactions:
      return { type: 'feed.reactions', postId: message.payload.postId, reactions: message.payload.reactions };
    case serverEvents.commentAdded:
    case serverEvents.commentUpdated:
      return { type: 'feed.commentsCount', postId: message.payload.comment.postId, commentsCount: message.payload.commentsCount };
    case serverEvents.commentDeleted:
      return { type: 'feed.commentsCount', postId: message.payload.postId, commentsCount: message.payload.commentsCount };
    case serverEvents.questionAnswers:
      return { type: 'feed.answers', ...message.payload };
    default:
      // Presence and anything else on the bus is not a list's business.
      return null;
  }
}

/**
 * Whether a bus message is the socket's copy of a comment or an answer of the member's that this tab's
 * outbox is sending: its count may come before the answer, while the item still counts as waiting on
 * the card; the outbox's answer brings the same count as the item leaves (no double count).
 */
export function sentHereFirst(message: BusMessage, outbox: OutboxSnapshot | undefined): boolean {
  switch (message.event) {
    case serverEvents.commentAdded:
      return (
        message.payload.comment.userId === outbox?.context.userId && outboxSendingHere(outbox, 'comment', message.payload.comment.postId)
      );
    case serverEvents.questionAnswers:
      return outboxSendingHere(outbox, 'answer', message.payload.questionId);
    default:
      return false;
  }
}

/** A comment or an answer the outbox stored: the list takes the count of the server's answer (the card's waiting one leaves). */
export function feedSentOf(item: OutboxItem, result: unknown): FeedEvent | null {
  if (item.kind === 'comment')
    return { type: 'feed.commentsCount', postId: item.payload.postId, commentsCount: (result as CommentResponse).commentsCount };
  if (item.kind === 'answer')
    return { type: 'feed.answers', questionId: item.payload.questionId, answersCount: (result as AnswerResponse).answersCount };
  return null;
}

/** The live feed: bus messages as the feed's events, and the posts it shows (its `feed.shown`) watched. */
export const liveFeedActor = (bus: Bus, watch: Pick<PostWatch, 'show' | 'forget'> = appPostWatch, app?: HasSystem) => {
  const outbox = () => app?.system.get('outbox') as OutboxActorRef | undefined;
  return watchingActor<FeedLiveCommand, { source: FeedSource }>(
    bus,
    watch,
    (message, input) => (sentHereFirst(message, outbox()?.getSnapshot()) ? null : feedEventOf(message, input.source)),
    undefined,
    (_, sendBack) => {
      const subscription = outbox()?.on('outbox.sent', ({ item, result }) => {
        const event = feedSentOf(item, result);
        if (event) sendBack(event);
      });
      return () => subscription?.unsubscribe();
    },
  );
};

export interface StreamsDeps {
  api?: Calls;
  /** The card menus' calls; by default their own client, built in their chunk (effects/streams/author.ts). */
  authorApi?: AuthorCalls;
  bus?: Bus;
  /** The posts on screen, watched on the socket (tests hand their own). */
  watch?: Pick<PostWatch, 'show' | 'forget'>;
}

/**
 * The streams machines with their real effects, bound to one app actor. The comments and answers
 * machines are built from `bound` by effects/streams/discussion.ts, in the chunk of the panels that use
 * them, and the author machine of a card's menu by effects/streams/author.ts, in the chunk of that
 * menu (neither on a list's first load).
 */
export function streamsLogic(app: HasSystem, { api = defaultApi, authorApi, bus = streamsBus, watch = appPostWatch }: StreamsDeps = {}) {
  const bridge = bridgeActions(app);
  return {
    bound: { app, api, authorApi, bus, watch },
    feed: feedMachine.provide({
      actors: {
        fetchPage: fetchPageActor(api, () => keptMemberOf(app), reactionsSent(app.system.get('outbox') as OutboxActorRef | undefined)),
        live: liveFeedActor(bus, watch, app),
      },
      actions: { showToast: bridge.showToast, rememberOrder: (_, order) => rememberFeedOrder(order) },
    }),
    reactions: reactionsMachine.provide({
      actors: {
        // Behind a send of the member's waiting in the outbox, the wish waits there too (in order).
        sendReaction: fromPromise(async ({ input }: { input: { postId: string; reaction: ReactionType | null } }) => {
          rejectIfQueuedBehind(app);
          return input.reaction ? api.reactions.react({ postId: input.postId, type: input.reaction }) : api.reactions.remove(input.postId);
        }),
        readReaction: fromPromise(async ({ input }: { input: { postId: string } }) => {
          const { post } = await api.posts.one(input.postId);
          return { postId: post._id, reactions: post.reactions, userReaction: post.userReaction };
        }),
      },
      actions: { showToast: bridge.showToast, toOutbox: bridge.toOutbox },
    }),
    save: saveMachine.provide({
      actors: { toggleSaved: fromPromise(({ input }: { input: { postId: string } }) => api.saved.toggle(input.postId)) },
      actions: { showToast: bridge.showToast },
    }),
    whoReacted: whoReactedMachine.provide({
      actors: { fetchReactions: fromPromise(({ input }: { input: { postId: string } }) => api.reactions.ofPost(input.postId)) },
    }),
  };
}
export type StreamsLogic = ReturnType<typeof streamsLogic>;

export { PAGE_SIZE };
