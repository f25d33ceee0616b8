import { UsersRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PendingCardItem } from '../../../machines/offline/outbox.connect';
import type { OutboxActorRef } from '../../../machines/offline/outbox.machine';
import { OutboxMark } from '../../offline/OutboxMark';
import { useSessionProfile } from '../../layouts/useShell';
import { FormattedText } from '../../ui/markdown/FormattedText';
import { RichText } from '../../ui/RichText';
import { inkOn, isColoured } from './format';
import { Audience, PostAuthorHeader, PRIVACY_ICON } from './PostAuthorHeader';
import { PostMedia } from './PostMedia';

type PendingItem = PendingCardItem;

/**
 * The member's posts (in their stream or a group) or questions that wait in the outbox (outboxCardsFor), on top of the list
 * where each will land once sent (docs/client-offline.md, "Outbox"): newest written first, as the list will show
 * them. When one is sent, its card leaves and the real post takes its place.
 */
export function PendingPostCards({ outbox, items }: { outbox: OutboxActorRef; items: PendingItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Not sent yet" className="flex flex-col gap-4">
      {items.map((item) => (
        <li key={item.clientId}>
          <PendingPostCard outbox={outbox} item={item} />
        </li>
      ))}
    </ul>
  );
}

/** An image kept as its bytes, shown from a blob: URL while the card is on screen. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** One post or question not sent yet: what the member wrote, marked with where it is, and no actions but the mark's. */
function PendingPostCard({ outbox, item }: { outbox: OutboxActorRef; item: PendingItem }) {
  const profile = useSessionProfile();
  const body = item.payload.body;
  const feelings = 'feelings' in body ? (body.feelings ?? '') : '';
  const gifUrl = 'gifUrl' in body ? (body.gifUrl ?? '') : '';
  const bgColor = 'bgColor' in body ? (body.bgColor ?? '') : '';
  const imageAlt = 'imageAlt' in body ? (body.imageAlt ?? '') : '';
  const image = useObjectUrl(item.payload.image);
  const text = body.post ?? '';
  const format = body.format ?? 'plain';
  // A group post is seen by whoever sees the group, as its card will say.
  const inGroup = item.kind === 'groupPost';
  const privacy = 'privacy' in body ? (body.privacy ?? 'Public') : 'Public';
  const isQuestion = item.kind === 'question';
  const refused = item.state === 'failed';
  const coloured = format !== 'markdown' && isColoured(bgColor) && !item.payload.image && !gifUrl;
  const username = profile?.username ?? '';
  const labelId = `pending-${item.clientId}-author`;

  return (
    <article
      aria-labelledby={labelId}
      data-outbox-item={item.clientId}
      className="rounded-3xl border border-dashed border-neutral-300 bg-white pb-4 shadow-sm dark:border-neutral-700 dark:bg-neutral-900"
    >
      <PostAuthorHeader
        author={profile}
        labelId={labelId}
        feelings={feelings}
        isQuestion={isQuestion}
        meta={
          <p className="flex flex-wrap items-center gap-1.5 text-[13px] text-neutral-600 dark:text-neutral-400">
            {refused ? null : (
              <>
                <OutboxMark outbox={outbox} item={item} />
                <span aria-hidden="true">·</span>
              </>
            )}
            <Audience icon={inGroup ? UsersRound : PRIVACY_ICON[privacy]} label={inGroup ? 'Group' : privacy} />
          </p>
        }
      />
      {/* A refusal is the server's reason with its two buttons: a row of its own. */}
      {refused ? (
        <div className="px-4 pt-3">
          <OutboxMark outbox={outbox} item={item} />
        </div>
      ) : null}

      {text ? (
        coloured ? (
          <div
            className="mx-4 mt-3 flex min-h-40 items-center justify-center rounded-2xl px-6 py-8 text-center text-xl font-semibold break-words whitespace-pre-wrap"
            style={{ backgroundColor: bgColor, color: inkOn(bgColor) }}
          >
            <RichText text={text} tone="inherit" />
          </div>
        ) : (
          <FormattedText
            text={text}
            format={format}
            className="px-4 pt-3 text-[15px] leading-relaxed break-words text-neutral-900 dark:text-neutral-100"
          />
        )
      ) : null}
      <PostMedia post={{ image: image ?? '', imageAlt, video: '', gifUrl, username }} size="card" />
    </article>
  );
}
