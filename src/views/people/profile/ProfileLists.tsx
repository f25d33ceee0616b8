import { useSelector } from '@xstate/react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { UserSummary } from '../../../api/users/follows';
import type { ProfileActorRef } from '../../../machines/people/profile/profile.machine';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/LoadError';
import { Skeleton } from '../../ui/Skeleton';
import { EmptyState } from '../../streams/PageParts';
import { memberHref } from '../memberHref';
import {
  hasListFailed,
  isListLoading,
  isListLoadingMore,
  selectGallery,
  selectListError,
  selectPeople,
  type ListTab,
} from '../../../machines/people/profile/profile.connect';

/** A tab's list while it loads or after it failed (with 'Try again'); nothing once it is there. */
export function ListStatus({ actor, which }: { actor: ProfileActorRef; which: ListTab }) {
  const loading = useSelector(actor, (s) => isListLoading(s, which));
  const failed = useSelector(actor, (s) => hasListFailed(s, which));
  const listError = useSelector(actor, selectListError);
  if (loading) return <Skeleton className="h-24 w-full rounded-2xl" />;
  if (failed) return <LoadError onRetry={() => actor.send({ type: 'profile.retry' })}>{listError}</LoadError>;
  return null;
}

const ROW_HEIGHT = 66;
const ROW_GAP = 8;

/**
 * Followers or Following, a page (50) at a time: the rows are virtualised over the window's
 * scroll (as the streams are), and "Load more" asks for the next page while there is one.
 */
export function PeopleList({ actor, which }: { actor: ProfileActorRef; which: 'followers' | 'following' }) {
  const list = useSelector(actor, (s) => selectPeople(s, which));
  const loadingMore = useSelector(actor, (s) => isListLoadingMore(s, which));
  if (!list) return <ListStatus actor={actor} which={which} />;
  if (list.users.length === 0)
    return <EmptyState title={which === 'followers' ? 'No followers yet' : 'Not following anyone yet'} text="Members will appear here." />;
  return (
    <div className="flex flex-col gap-4">
      <VirtualPeople users={list.users} label={which === 'followers' ? 'Followers' : 'Following'} />
      {list.nextCursor ? (
        <div className="flex justify-center">
          <Button variant="secondary" isDisabled={loadingMore} onPress={() => actor.send({ type: 'profile.more' })}>
            {loadingMore ? 'Loading...' : which === 'followers' ? 'Load more followers' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function VirtualPeople({ users, label }: { users: UserSummary[]; label: string }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => setOffset(listRef.current?.offsetTop ?? 0), []);
  const virtualizer = useWindowVirtualizer({
    count: users.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin: offset,
    gap: ROW_GAP,
    getItemKey: (index) => users[index]?._id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  // jsdom (tests) measures nothing: every row when the virtualiser has no window size.
  const rows = items.length > 0 ? items : users.map((user, index) => ({ index, key: user._id, start: index * (ROW_HEIGHT + ROW_GAP) }));
  return (
    <ul ref={listRef} aria-label={label} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {rows.map((row) => {
        const user = users[row.index];
        if (!user) return null;
        return (
          <li
            key={user._id}
            data-index={row.index}
            ref={virtualizer.measureElement}
            aria-setsize={users.length}
            aria-posinset={row.index + 1}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
            className="flex items-center gap-3 rounded-2xl border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900"
          >
            <Avatar {...user} />
            <Link href={memberHref(user)} className="truncate font-semibold text-neutral-900 hover:underline dark:text-white">
              {user.username}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The member's uploaded images. */
export function Gallery({ actor }: { actor: ProfileActorRef }) {
  const gallery = useSelector(actor, selectGallery);
  if (!gallery) return <ListStatus actor={actor} which="gallery" />;
  if (gallery.images.length === 0) return <EmptyState title="No images yet" text="Uploaded images will appear here." />;
  return (
    <ul aria-label="Gallery" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {gallery.images.map((image) => (
        <li key={image._id} className="aspect-square overflow-hidden rounded-2xl bg-neutral-200 dark:bg-neutral-800">
          <img src={image.url} alt={`${image.kind} image`} loading="lazy" className="size-full object-cover" />
        </li>
      ))}
    </ul>
  );
}
