import type { OutboxActorRef } from '../../../machines/offline/outbox.machine';
import type { AnswerOutboxItem, CommentOutboxItem } from '../../../machines/offline/outbox.connect';
import type { Commenter } from '../../../machines/streams/discussion/comments.machine';
import { OutboxMark } from '../../offline/OutboxMark';
import { Avatar } from '../../ui/Avatar';
import { FormattedText } from '../../ui/markdown/FormattedText';

/** A comment or an answer of the member's still in the outbox. */
export type PendingDiscussionItem = CommentOutboxItem | AnswerOutboxItem;

/** What a pending row shows of its item: the text as written, its format, and its name for assistive tech. */
function rowOf(item: PendingDiscussionItem, me: Commenter) {
  return item.kind === 'comment'
    ? { text: item.payload.comment, format: item.payload.format, place: undefined, label: `Comment by ${me.username}, not sent yet` }
    : { text: item.payload.answer, format: item.payload.format, place: 'answer' as const, label: `Answer by ${me.username}, not sent yet` };
}

/**
 * A comment or answer of the member's still in the outbox (docs/client-offline.md, "Outbox"):
 * shown after the stored ones, as written, with where it is ("Waiting to send", or the server's
 * reason with Try again and Delete). It becomes the real item when the outbox stores it.
 */
export function PendingItem({ outbox, item, me }: { outbox: OutboxActorRef; item: PendingDiscussionItem; me: Commenter }) {
  const { text, format, place, label } = rowOf(item, me);
  return (
    <li aria-label={label} data-outbox-item={item.clientId} className="flex gap-2.5 rounded-2xl px-2 py-2">
      <Avatar username={me.username} avatarColor={me.avatarColor} profilePicture={me.profilePicture} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-semibold text-neutral-900 dark:text-white">{me.username}</span>
        </p>
        <FormattedText
          text={text}
          format={format}
          place={place}
          className="mt-0.5 text-[15px] break-words text-neutral-900 dark:text-neutral-100"
        />
        <OutboxMark outbox={outbox} item={item} />
      </div>
    </li>
  );
}

/** The member's pending comments or answers of one post or question, in the order written: the rows after the stored ones. */
export function PendingItems({ outbox, items, me }: { outbox: OutboxActorRef; items: readonly PendingDiscussionItem[]; me: Commenter }) {
  return items.map((item) => <PendingItem key={item.clientId} outbox={outbox} item={item} me={me} />);
}

/**
 * Offline a panel's list may not load: under its error, what the member wrote still shows, waiting,
 * in a list of its own named as the panel's (nothing when nothing waits).
 */
export function PendingList({
  label,
  className,
  ...rows
}: {
  label: string;
  className: string;
  outbox: OutboxActorRef;
  items: readonly PendingDiscussionItem[];
  me: Commenter;
}) {
  if (rows.items.length === 0) return null;
  return (
    <ul aria-label={label} className={className}>
      <PendingItems {...rows} />
    </ul>
  );
}
