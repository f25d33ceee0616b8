import { useSelector } from '@xstate/react';
import { UserCheck } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import type { Group } from '../../api/groups';
import type { Post } from '../../api/posts';
import type { SearchKind } from '../../api/search';
import type { Person } from '../../api/users';
import type { SearchActorRef } from '../../machines/search/search.machine';
import { hasMoreFailedOf, isLoadingMoreOf, kindResults, searchedText } from '../../machines/search/search.connect';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { GroupCard } from '../groups/GroupCard';
import { useSessionProfile } from '../layouts/useShell';
import { PersonRow } from '../people/PersonRow';
import { PostCard } from '../streams/post/PostCard';
import { PostSkeletons } from '../streams/post/PostSkeleton';
import { usePostOverlays } from '../streams/post/postOverlays';
import { EmptyState } from '../streams/PageParts';
import { isMe } from '../../machines/people/people.connect';

export const KIND_NAMES: Record<SearchKind, { tab: string; one: string; many: string }> = {
  posts: { tab: 'Posts', one: 'post', many: 'posts' },
  questions: { tab: 'Questions', one: 'question', many: 'questions' },
  people: { tab: 'People', one: 'member', many: 'members' },
  groups: { tab: 'Groups', one: 'group', many: 'groups' },
};

/** What the cards of a list of results tell the search machine (an edit, a delete, a reaction...). */
export function useResultCallbacks(actor: SearchActorRef) {
  // One object per actor: the memoised cards re-render only when their post changes.
  return useMemo(
    () => ({
      onPublished: (post: Post) => actor.send({ type: 'search.postChanged', post }),
      onDeleted: (postId: string) => actor.send({ type: 'search.postDeleted', postId }),
      onReacted: (change: { postId: string; reactions: Post['reactions']; userReaction: Post['userReaction'] }) =>
        actor.send({ type: 'search.reacted', postId: change.postId, reactions: change.reactions, userReaction: change.userReaction }),
      onSaved: (post: Post, saved: boolean) => actor.send({ type: 'search.saved', postId: post._id, saved }),
      onCommentsCount: (postId: string, commentsCount: number) => actor.send({ type: 'search.commentsCount', postId, commentsCount }),
    }),
    [actor],
  );
}

/** Post or question cards with their comments and reactions dialogs. */
export function PostResults({ actor, posts, label }: { actor: SearchActorRef; posts: Post[]; label: string }) {
  const { cardProps, overlays } = usePostOverlays(useResultCallbacks(actor) as never);
  return (
    <>
      <ul aria-label={label} className="flex flex-col gap-4">
        {posts.map((post) => (
          <li key={post._id}>
            <PostCard post={post} {...cardProps} />
          </li>
        ))}
      </ul>
      {overlays}
    </>
  );
}

function PeopleResults({ people, label }: { people: Person[]; label: string }) {
  const me = useSessionProfile();
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {people.map((person) => (
        // Presence is watched by the people page; results show no dot rather than a stale one.
        <PersonRow key={person._id} person={person} online={null} isMe={isMe(person._id, me)} />
      ))}
    </ul>
  );
}

function GroupResults({ groups, label }: { groups: Group[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {groups.map((group) => (
        <li key={group._id}>
          <GroupCard
            group={group}
            actions={
              group.membership?.status === 'accepted' ? (
                <span className="inline-flex h-8 items-center gap-1.5 rounded-full bg-neutral-100 px-3 text-sm font-semibold text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
                  <UserCheck aria-hidden="true" size={16} />
                  Member
                </span>
              ) : undefined
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder rows of a tab while its first page loads. */
export function ResultSkeletons({ kind }: { kind: SearchKind }) {
  if (kind === 'posts' || kind === 'questions') return <PostSkeletons count={2} label="Searching" />;
  return (
    <div role="status" aria-label="Searching" className="flex flex-col gap-2">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-2xl border border-neutral-200 p-3 dark:border-neutral-800">
          <Skeleton className={kind === 'groups' ? 'size-14 rounded-2xl' : 'size-10 rounded-full'} />
          <Skeleton className="h-4 w-40" />
        </div>
      ))}
    </div>
  );
}

/** One tab's results, its empty state and its "Load more". */
export function KindResults({ actor, kind }: { actor: SearchActorRef; kind: SearchKind }) {
  const results = useSelector(actor, (s) => kindResults(s, kind));
  const searched = useSelector(actor, searchedText);
  const loadingMore = useSelector(actor, (s) => isLoadingMoreOf(s, kind));
  const moreFailed = useSelector(actor, (s) => hasMoreFailedOf(s, kind));
  if (!results) return null;
  const names = KIND_NAMES[kind];
  if (results.items.length === 0) {
    return (
      <EmptyState
        title={`No ${names.many} found`}
        text={`Nothing the search can show you matches “${searched}”. Try another word, or the start of one.`}
      />
    );
  }
  const label = `${names.tab} found`;
  let list: ReactNode;
  if (kind === 'people') list = <PeopleResults people={results.items as Person[]} label={label} />;
  else if (kind === 'groups') list = <GroupResults groups={results.items as Group[]} label={label} />;
  else list = <PostResults actor={actor} posts={results.items as Post[]} label={label} />;
  return (
    <div className="flex flex-col gap-4">
      {list}
      {results.nextCursor ? (
        <div className="flex flex-col items-center gap-2 py-2">
          {moreFailed ? <p className="text-sm text-neutral-600 dark:text-neutral-400">The next results did not load.</p> : null}
          <Button variant="secondary" size="sm" isDisabled={loadingMore} onPress={() => actor.send({ type: 'search.more' })}>
            {loadingMore ? 'Loading more…' : moreFailed ? 'Try again' : `Show more ${names.many}`}
          </Button>
        </div>
      ) : results.items.length > 5 ? (
        <p className="py-2 text-center text-sm text-neutral-600 dark:text-neutral-400">That is every {names.one} found.</p>
      ) : null}
    </div>
  );
}
