import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { searchHref } from '../../machines/shell/routes';
import { ASIDE_OFFLINE, selectAsideList, type AsideListState, type MemberAsideActorRef } from '../../machines/people/memberAside.machine';
import { asideGroups, suggestedPeople, trendingHashtags } from '../../machines/people/memberAside.connect';
import { groupHref } from '../../machines/shell/routes';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { memberCountText } from '../groups/GroupCard';
import { GroupImage } from '../groups/GroupImage';
import { FollowButton } from '../people/PersonRow';
import { memberHref } from '../people/memberHref';
import { useMemberAsideLogic } from './MemberAsideLogic';
import { useScreenActor } from '../shared/useScreenActor';

/** The right column from 1024px (PageWithAside.tsx fetches this module when the screen is that wide). */
export function MemberAside({ userId }: { userId: string }) {
  const actor = useScreenActor(useMemberAsideLogic(), { input: { userId } });
  return (
    <aside aria-label="Suggestions" className="flex flex-col gap-4 pt-14">
      <WhoToFollow actor={actor} />
      <TrendingHashtags actor={actor} />
      <YourGroups actor={actor} />
    </aside>
  );
}

function Panel({ id, title, more, children }: { id: string; title: string; more?: { href: string; label: string }; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-3xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id={id} className="mb-3 text-[15px] font-semibold text-neutral-900 dark:text-white">
        {title}
      </h2>
      {children}
      {more ? (
        <Link
          href={more.href}
          className="mt-3 inline-block rounded text-sm font-medium text-accent-ink hover:underline dark:text-accent-ink-dark"
        >
          {more.label}
        </Link>
      ) : null}
    </section>
  );
}

function Status({
  state,
  empty,
  onRetry,
  children,
}: {
  state: AsideListState;
  empty: string | null;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (state === 'loading')
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    );
  if (state === 'failed')
    return (
      <div className="flex items-center justify-between gap-2 text-sm text-neutral-700 dark:text-neutral-300">
        <span>Could not load this.</span>
        <Button size="sm" variant="secondary" onPress={onRetry}>
          Try again
        </Button>
      </div>
    );
  // No answer (offline): said quietly; the list loads by itself when the network is back.
  if (state === 'offline') return <p className="text-sm text-neutral-600 dark:text-neutral-400">{ASIDE_OFFLINE}</p>;
  if (empty) return <p className="text-sm text-neutral-600 dark:text-neutral-400">{empty}</p>;
  return <>{children}</>;
}

/**
 * The search page before anything is typed on a phone (the column above is not rendered below
 * 1024 px): who to follow and what is trending, the same panels from the same machine.
 */
export function SearchStartSuggestions({ userId }: { userId: string }) {
  const actor = useScreenActor(useMemberAsideLogic(), { input: { userId } });
  return (
    <div aria-label="Suggestions" role="region" className="flex flex-col gap-4">
      <TrendingHashtags actor={actor} onSearchPage />
      <WhoToFollow actor={actor} />
    </div>
  );
}

function WhoToFollow({ actor }: { actor: MemberAsideActorRef }) {
  const state = useSelector(actor, (s) => selectAsideList(s, 'people'));
  const people = useSelector(actor, suggestedPeople);
  return (
    <Panel id="aside-people" title="Who to follow" more={{ href: '~/app/social/people', label: 'See all people' }}>
      <Status
        state={state}
        empty={people.length === 0 ? 'No suggestions right now.' : null}
        onRetry={() => actor.send({ type: 'aside.retry' })}
      >
        <ul className="flex flex-col gap-3">
          {people.map((person) => (
            <li key={person._id} className="flex items-center gap-2">
              <Avatar {...person} size="sm" />
              <Link
                href={`~/app/social${memberHref(person)}`}
                className="min-w-0 flex-1 truncate text-sm font-semibold text-neutral-900 hover:underline dark:text-white"
              >
                {person.username}
              </Link>
              <FollowButton userId={person._id} username={person.username} following={person.isFollowing} />
            </li>
          ))}
        </ul>
      </Status>
    </Panel>
  );
}

function TrendingHashtags({ actor, onSearchPage = false }: { actor: MemberAsideActorRef; onSearchPage?: boolean }) {
  const state = useSelector(actor, (s) => selectAsideList(s, 'trending'));
  const hashtags = useSelector(actor, trendingHashtags);
  return (
    <Panel
      id="aside-trending"
      title="Trending today"
      more={onSearchPage ? undefined : { href: '~/app/social/search', label: 'Search Stoa' }}
    >
      <Status
        state={state}
        empty={hashtags.length === 0 ? 'No hashtags in the last day yet.' : null}
        onRetry={() => actor.send({ type: 'aside.retry' })}
      >
        <ul className="flex flex-col gap-2">
          {hashtags.map(({ tag, posts }) => (
            <li key={tag} className="flex items-baseline justify-between gap-2">
              <Link
                href={`~${searchHref(`#${tag}`)}`}
                className="min-w-0 truncate rounded text-sm font-semibold text-neutral-900 hover:underline dark:text-white"
              >
                #{tag}
              </Link>
              <span className="shrink-0 text-xs text-neutral-600 dark:text-neutral-400">{posts === 1 ? '1 post' : `${posts} posts`}</span>
            </li>
          ))}
        </ul>
      </Status>
    </Panel>
  );
}

function YourGroups({ actor }: { actor: MemberAsideActorRef }) {
  const state = useSelector(actor, (s) => selectAsideList(s, 'groups'));
  const groups = useSelector(actor, asideGroups);
  return (
    <Panel id="aside-groups" title="Your groups" more={{ href: '~/app/social/groups', label: 'All groups' }}>
      <Status
        state={state}
        empty={groups.length === 0 ? 'You have not joined a group yet.' : null}
        onRetry={() => actor.send({ type: 'aside.retry' })}
      >
        <ul className="flex flex-col gap-3">
          {groups.map((group) => (
            <li key={group._id} className="flex items-center gap-2">
              <GroupImage group={group} className="size-9 text-sm" />
              <div className="flex min-w-0 flex-col">
                <Link
                  href={`~${groupHref(group._id)}`}
                  className="truncate text-sm font-semibold text-neutral-900 hover:underline dark:text-white"
                >
                  {group.name}
                </Link>
                <span className="text-xs text-neutral-600 dark:text-neutral-400">{memberCountText(group.memberCount)}</span>
              </div>
            </li>
          ))}
        </ul>
      </Status>
    </Panel>
  );
}
