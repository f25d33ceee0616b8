import { useSelector } from '@xstate/react';
import { Check, Clock, Plus, Search, ShieldCheck, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Group } from '../../api/groups';
import type { GroupsActorRef } from '../../machines/groups/groups.machine';
import {
  hasRequested,
  isGroupAdmin,
  isInvited,
  isMember,
  selectBusy,
  selectDiscover,
  selectError,
  selectFailed,
  selectHasMore,
  selectInvitations,
  selectIsLoading,
  selectIsSearching,
  selectLoadingMore,
  selectMine,
  selectResults,
  selectSearchError,
} from '../../machines/groups/groups.connect';
import { Alert } from '../ui/Alert';
import { Button, buttonClasses } from '../ui/Button';
import { LoadError } from '../ui/LoadError';
import { Skeleton } from '../ui/Skeleton';
import { TextField } from '../ui/TextField';
import { useSessionProfile } from '../layouts/useShell';
import { GroupCard } from './GroupCard';
import { useGroupsLogic } from './GroupsLogic';
import { useScreenActor } from '../shared/useScreenActor';

const CREATE_GROUP_HREF = '~/app/social/create-group';

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-neutral-900 dark:text-white">
        {title}
        {count ? (
          <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
            {count}
          </span>
        ) : null}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-3xl border border-dashed border-neutral-300 px-4 py-6 text-center text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
      {children}
    </p>
  );
}

function Badge({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex h-8 items-center gap-1.5 rounded-full bg-neutral-100 px-3 text-sm font-semibold text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
      <span aria-hidden="true">{icon}</span>
      {children}
    </span>
  );
}

function GroupList({
  label,
  groups,
  busy,
  actions,
}: {
  label: string;
  groups: Group[];
  busy?: boolean;
  actions?: (group: Group) => ReactNode;
}) {
  return (
    <ul aria-label={label} aria-busy={busy || undefined} className="flex flex-col gap-3">
      {groups.map((group) => (
        <li key={group._id}>
          <GroupCard group={group} actions={actions?.(group)} />
        </li>
      ))}
    </ul>
  );
}

function LoadingGroups() {
  return (
    <div role="status" aria-label="Loading groups" className="flex flex-col gap-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 rounded-3xl border border-neutral-200 p-4 dark:border-neutral-800">
          <Skeleton className="size-14 rounded-2xl" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-28" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Accept / Decline of an invitation; both wait while either runs. */
function InvitationActions({ actor, group }: { actor: GroupsActorRef; group: Group }) {
  const busy = useSelector(actor, (s) => selectBusy(s, group._id));
  return (
    <>
      <Button
        size="sm"
        icon={<Check size={16} />}
        isDisabled={busy !== null}
        aria-label={`Accept invitation to ${group.name}`}
        onPress={() => actor.send({ type: 'groups.accept', groupId: group._id })}
      >
        {busy === 'accept' ? 'Accepting...' : 'Accept'}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        icon={<X size={16} />}
        isDisabled={busy !== null}
        aria-label={`Decline invitation to ${group.name}`}
        onPress={() => actor.send({ type: 'groups.decline', groupId: group._id })}
      >
        {busy === 'decline' ? 'Declining...' : 'Decline'}
      </Button>
    </>
  );
}

/** What a group to discover offers, from the member's standing in it: Join, or Ask to join a private group. */
function DiscoverAction({ actor, group }: { actor: GroupsActorRef; group: Group }) {
  const busy = useSelector(actor, (s) => selectBusy(s, group._id));
  if (isMember(group)) return <Badge icon={<Check size={14} />}>Joined</Badge>;
  if (hasRequested(group))
    return (
      <>
        <Badge icon={<Clock size={14} />}>Request sent</Badge>
        <Button
          size="sm"
          variant="ghost"
          isDisabled={busy !== null}
          aria-label={`Cancel request to join ${group.name}`}
          onPress={() => actor.send({ type: 'groups.cancel', groupId: group._id })}
        >
          {busy === 'cancel' ? 'Cancelling...' : 'Cancel request'}
        </Button>
      </>
    );
  if (isInvited(group)) return <InvitationActions actor={actor} group={group} />;
  const asks = group.privacy === 'private';
  return (
    <Button
      size="sm"
      icon={<Plus size={16} />}
      isDisabled={busy !== null}
      aria-label={`${asks ? 'Ask to join' : 'Join'} ${group.name}`}
      onPress={() => actor.send({ type: 'groups.join', groupId: group._id })}
    >
      {busy === 'join' ? (asks ? 'Sending request...' : 'Joining...') : asks ? 'Ask to join' : 'Join'}
    </Button>
  );
}

function Discover({ actor }: { actor: GroupsActorRef }) {
  const [query, setQuery] = useState('');
  const searching = useSelector(actor, selectIsSearching);
  const discover = useSelector(actor, selectDiscover);
  const results = useSelector(actor, selectResults);
  const searchError = useSelector(actor, selectSearchError);
  const hasMore = useSelector(actor, selectHasMore);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const shown = results ?? discover;
  return (
    <Section id="discover-title" title="Discover">
      <TextField
        label="Search groups"
        type="search"
        value={query}
        icon={<Search size={18} />}
        placeholder="Search by name, description or tag"
        onChange={(value) => {
          setQuery(value);
          actor.send({ type: 'groups.search', query: value });
        }}
      />
      {searchError ? <Alert tone="error">{searchError}</Alert> : null}
      {shown.length === 0 ? (
        searching ? null : results ? (
          searchError ? null : (
            <Empty>No groups match "{query.trim()}"</Empty>
          )
        ) : (
          <Empty>No groups to discover</Empty>
        )
      ) : (
        <GroupList
          label={results ? 'Search results' : 'Groups to discover'}
          groups={shown}
          busy={searching}
          actions={(group) => <DiscoverAction actor={actor} group={group} />}
        />
      )}
      {hasMore && !searching && shown.length > 0 ? (
        <div className="flex justify-center">
          <Button variant="secondary" isDisabled={loadingMore} onPress={() => actor.send({ type: 'groups.more' })}>
            {loadingMore ? 'Loading...' : results ? 'More results' : 'Load more groups'}
          </Button>
        </div>
      ) : null}
    </Section>
  );
}

/** /groups: the member's groups, their invitations (live) and groups to discover, with a search. */
export default function GroupsPage() {
  const me = useSessionProfile();
  const { groups } = useGroupsLogic();
  const actor = useScreenActor(groups, { input: { userId: me?._id ?? '' } });
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectFailed);
  const error = useSelector(actor, selectError);
  const mine = useSelector(actor, selectMine);
  const invitations = useSelector(actor, selectInvitations);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">Groups</h1>
        <Link href={CREATE_GROUP_HREF} className={buttonClasses()}>
          <Plus aria-hidden="true" size={16} />
          Create group
        </Link>
      </header>
      {loading ? (
        <LoadingGroups />
      ) : failed ? (
        <LoadError title="Could not load groups" onRetry={() => actor.send({ type: 'groups.retry' })}>
          {error}
        </LoadError>
      ) : (
        <>
          <Section id="my-groups-title" title="My groups" count={mine.length}>
            {mine.length ? (
              <GroupList
                label="My groups"
                groups={mine}
                actions={(group) => (isGroupAdmin(group) ? <Badge icon={<ShieldCheck size={14} />}>Admin</Badge> : null)}
              />
            ) : (
              <Empty>You have not joined any group yet</Empty>
            )}
          </Section>
          <Section id="invitations-title" title="Invitations" count={invitations.length}>
            {invitations.length ? (
              <GroupList label="Invitations" groups={invitations} actions={(group) => <InvitationActions actor={actor} group={group} />} />
            ) : (
              <Empty>No invitations</Empty>
            )}
          </Section>
          <Discover actor={actor} />
        </>
      )}
    </div>
  );
}
