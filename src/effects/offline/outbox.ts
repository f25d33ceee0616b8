import { fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { outboxChannelName, outboxLockName } from '../../api/offline/outbox';
import type { Post } from '../../api/posts';
import { outboxMachine, type OutboxActorRef, type OutboxEvent, type OutboxStoreCommand } from '../../machines/offline/outbox.machine';
import type { OutboxChange, OutboxItem } from '../../machines/offline/outbox.types';
import { failureStatus } from '../../machines/shared/failure';
import { POST_PENDING } from '../../api/groups/words';
import type { ToastRequest } from '../../machines/shell/toastRequest';
import { clientOf } from '../shell/api';
import { createChatApi } from '../../api/chat/client';
import { createMediaApi } from '../../api/media/client';
import { createStreamsApi } from '../../api/posts/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'chat' | 'groupChat' | 'images' | 'posts' | 'questions' | 'reactions' | 'comments' | 'saved'>;

const defaultApi: Calls = clientOf(createChatApi, createMediaApi, createStreamsApi);

/** What the store needs of the browser; tests hand in their own. */
export interface OutboxBrowser {
  locks?: Pick<LockManager, 'request'>;
  channel: (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener'>;
  open: (userId: string) => Promise<import('./outboxDb').OutboxDatabase>;
}

const browser = (): OutboxBrowser => ({
  locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
  channel: (name) => new BroadcastChannel(name),
  open: (userId) => import('./outboxDb').then(({ openOutbox }) => openOutbox(userId)),
});

/**
 * The member's outbox in the browser: reads the kept items (`outbox.loaded`), writes each change in
 * order and tells the member's other tabs (BroadcastChannel), passes their changes on
 * (`outbox.changed`), and asks for the member's sender lock (Web Locks), held while the outbox is
 * open: the tab that holds it sends (`outbox.lead`); when that tab closes, the next one takes over.
 */
export const outboxStore = (env: () => OutboxBrowser = browser) =>
  fromCallback<OutboxStoreCommand, { userId: string }>(({ input, sendBack, receive }) => {
    const { locks, channel: openChannel, open } = env();
    let closed = false;
    const tell = (event: OutboxEvent) => {
      if (!closed) sendBack(event);
    };
    const channel = openChannel(outboxChannelName(input.userId));
    channel.addEventListener('message', (message) =>
      tell({ type: 'outbox.changed', change: (message as MessageEvent<OutboxChange>).data }),
    );
    const db = open(input.userId);
    db.then((database) => import('./outboxDb').then(({ keptItems }) => keptItems(database)))
      .then((items) => tell({ type: 'outbox.loaded', items }))
      .catch(() => tell({ type: 'outbox.loaded', items: [] }));

    let writes = Promise.resolve();
    receive((command) => {
      writes = writes
        .then(async () => {
          const [database, { keepItem, dropItem }] = await Promise.all([db, import('./outboxDb')]);
          if (command.type === 'store.put') await keepItem(database, command.item);
          else await dropItem(database, command.clientId, command.order);
        })
        .catch(() => {})
        .then(() => {
          if (!closed)
            channel.postMessage(
              command.type === 'store.put'
                ? { put: command.item }
                : ({ remove: command.clientId, order: command.order } satisfies OutboxChange),
            );
        });
    });

    const release = new AbortController();
    let unlock = () => {};
    if (!locks) tell({ type: 'outbox.lead' });
    else
      void locks
        .request(
          outboxLockName(input.userId),
          { signal: release.signal },
          () =>
            new Promise<void>((resolve) => {
              unlock = resolve;
              tell({ type: 'outbox.lead' });
            }),
        )
        .catch(() => {});

    return () => {
      closed = true;
      channel.close();
      release.abort();
      unlock();
      void db.then((database) => database.close()).catch(() => {});
    };
  });

/** Sends one item with its client id (docs/api.md, "Idempotent sends"): the stored item answers. */
export async function sendItem(item: OutboxItem, client: Calls = defaultApi): Promise<unknown> {
  const { clientId } = item;
  switch (item.kind) {
    case 'chatMessage': {
      const { peerId, isGroup, body, gifUrl, image } = item.payload;
      const selectedImage = image ? (await client.images.upload('chat', image)).url : item.payload.selectedImage;
      const content = { body, gifUrl, selectedImage, clientId };
      const answer = isGroup
        ? await client.groupChat.sendMessage({ groupId: peerId, ...content })
        : await client.chat.send({ receiverId: peerId, ...content });
      return answer.chat;
    }
    case 'post': {
      const { body, image } = item.payload;
      const answer = image
        ? await client.posts.createImage({ ...body, image: image as never, clientId })
        : await client.posts.create({ ...body, clientId });
      return answer.post;
    }
    // Into the group, as a multipart upload with its image (a member's post answers 'pending': an admin reviews it).
    case 'groupPost': {
      const { groupId, body, image } = item.payload;
      return (await client.posts.createInGroup(groupId, { ...body, ...(image ? { image: image as never } : {}), clientId })).post;
    }
    case 'question':
      return (await client.questions.create({ ...item.payload.body, clientId })).post;
    // The whole answer (the stored item and the new count): the open post takes both.
    case 'comment': {
      const { postId, comment, format } = item.payload;
      return client.comments.create({ postId, comment, clientId, ...(format === 'markdown' ? { format } : {}) });
    }
    case 'answer': {
      const { questionId, answer, format } = item.payload;
      return client.questions.answer(questionId, { answer, clientId, ...(format === 'markdown' ? { format } : {}) });
    }
    // The wish as an end state: set (an upsert) or removed. The server's counts answer (ReactionChange).
    case 'reaction': {
      const { postId, reaction } = item.payload;
      if (reaction) return client.reactions.react({ postId, type: reaction });
      // A 404 to a DELETE: no reaction is left (an earlier one went through, its answer lost). Done; no counts.
      return client.reactions.remove(postId).catch((error: unknown) => {
        if (failureStatus(error) === 404) return null;
        throw error;
      });
    }
  }
}

// A screen's hand-off as the outbox keeps it (outboxEntry.ts: the screens' bridge imports it alone).
export { entryOf } from './outboxEntry';

/**
 * A post, group post or question the outbox sent goes to the lists as one the member just published (the bus's
 * `published`): each list takes it if it belongs there, by id, so the socket's own copy of it
 * never makes a second card. Returns the unsubscribe.
 */
export function publishSent(outbox: Pick<OutboxActorRef, 'on'>, publish: (post: Post) => void): () => void {
  const subscription = outbox.on('outbox.sent', ({ item, result }) => {
    if (item.kind === 'post' || item.kind === 'groupPost' || item.kind === 'question') publish(result as Post);
  });
  return () => subscription.unsubscribe();
}

/**
 * A group post the outbox sent that waits for a group admin's review (a member's, `groupStatus:
 * 'pending'`) is not on the group's Posts tab: the member is told so, in the words the composer
 * uses when it is sent online (POST_PENDING). Returns the unsubscribe.
 */
export function tellPendingSent(outbox: Pick<OutboxActorRef, 'on'>, show: (toast: ToastRequest) => void): () => void {
  const subscription = outbox.on('outbox.sent', ({ item, result }) => {
    if (item.kind === 'groupPost' && (result as Post).groupStatus === 'pending') show({ type: 'info', description: POST_PENDING });
  });
  return () => subscription.unsubscribe();
}

/** The outbox machine with its real effects. */
export const outboxLogic = (client?: Calls, env?: () => OutboxBrowser) =>
  outboxMachine.provide({
    actors: {
      store: outboxStore(env),
      send: fromPromise<unknown, { item: OutboxItem }>(({ input }) => sendItem(input.item, client)),
    },
  });
