import type { TextFormat } from '../../../api/posts';
import type { OutboxActorRef } from '../../../machines/offline/outbox.machine';
import type { OutboxItem } from '../../../machines/offline/outbox.types';
import type { Commenter } from '../../../machines/streams/discussion/comments.machine';
import { OutboxMark } from '../../offline/OutboxMark';
import { Avatar } from '../../ui/Avatar';
import { FormattedText } from '../../ui/markdown/FormattedText';

/**
 * A comment or answer of the member's still in the outbox (docs/client-offline.md, "Outbox"):
 * shown after the stored ones, as written, with where it is ("Waiting to send", or the server's
 * reason with Try again and Delete). It becomes the real item when the outbox stores it.
 */
export function PendingItem({
  outbox,
  item,
  me,
  text,
  format,
  label,
  place,
}: {
  outbox: OutboxActorRef;
  item: OutboxItem;
  me: Commenter;
  text: string;
  format: TextFormat;
  label: string;
  place?: 'answer';
}) {
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
