import type { OutboxActorRef, OutboxSnapshot } from './outbox.machine';
import type { ChatMessagePayload, OutboxItem, PostPayload } from './outbox.types';

/** The outbox's words, where the items show (docs/client-offline.md, "Outbox"). */
export const OUTBOX_WAITING_TEXT = 'Waiting to send';
export const OUTBOX_SENDING_TEXT = 'Sending…';
export const OUTBOX_RETRY_LABEL = 'Try again';
export const OUTBOX_DELETE_LABEL = 'Delete';

export type ChatOutboxItem = OutboxItem & { kind: 'chatMessage'; payload: ChatMessagePayload };
export type PostOutboxItem = OutboxItem & { kind: 'post'; payload: PostPayload };

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
