import { useSelector } from '@xstate/react';
import { Search } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { FoundUser, MemberSearchActorRef } from '../../machines/chat/groupChat/groupChatSearch.machine';
import { selectResults, selectSearched, selectSearchError, selectSearching } from '../../machines/chat/groupChat/groupChatSearch.connect';
import { Avatar } from '../ui/Avatar';
import { TextField } from '../ui/TextField';

/** The member search (500 ms pause in typing), each result with the caller's button. */
export function MemberSearch({
  search,
  label = 'Search members',
  emptyText = 'No members found',
  action,
  isDisabled,
  autoFocus,
}: {
  search: MemberSearchActorRef;
  label?: string;
  emptyText?: string;
  action: (user: FoundUser) => ReactNode;
  isDisabled?: boolean;
  /** Focus the search field at once (a dialog whose first task is the search). */
  autoFocus?: boolean;
}) {
  const [query, setQuery] = useState('');
  const results = useSelector(search, selectResults);
  const error = useSelector(search, selectSearchError);
  const searching = useSelector(search, selectSearching);
  const searched = useSelector(search, selectSearched);

  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={label}
        type="search"
        value={query}
        icon={<Search size={18} />}
        placeholder="Search by username"
        isDisabled={isDisabled}
        autoFocus={autoFocus}
        onChange={(value) => {
          setQuery(value);
          search.send({ type: 'search.query', query: value });
        }}
      />
      {searching ? (
        <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
          Searching...
        </p>
      ) : error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : searched && results.length === 0 ? (
        <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
          {emptyText}
        </p>
      ) : results.length > 0 ? (
        <ul aria-label="Search results" className="flex max-h-56 flex-col gap-1.5 overflow-y-auto">
          {results.map((user) => (
            <li key={user._id} className="flex items-center gap-3 rounded-2xl border border-neutral-200 p-2 dark:border-neutral-800">
              <Avatar username={user.username} avatarColor={user.avatarColor} profilePicture={user.profilePicture} size="sm" />
              <span className="flex-1 truncate text-sm font-medium text-neutral-900 dark:text-white">{user.username}</span>
              {action(user)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
