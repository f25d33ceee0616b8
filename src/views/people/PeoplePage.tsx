import { useSelector } from '@xstate/react';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { TextField } from '../ui/TextField';
import { useSessionProfile } from '../layouts/useShell';
import { EmptyState } from '../streams/PageParts';
import { usePeopleLogic } from './PeopleLogic';
import { PersonRow } from './PersonRow';
import { LoadError } from '../ui/LoadError';
import { useScreenActor } from '../shared/useScreenActor';
import {
  hasListFailed,
  isListLoading,
  isMe,
  selectIsSearching,
  selectListError,
  selectOnline,
  selectPage,
  selectPageCount,
  selectResults,
  selectSearchError,
  selectShown,
  selectSuggestions,
  selectTotalAtLeast,
} from '../../machines/people/people.connect';

/** /people: members page by page, a search box, suggestions, who is online (live). */
export default function PeoplePage() {
  const logic = usePeopleLogic();
  const people = useScreenActor(logic.people);
  const searching = useSelector(people, selectIsSearching);
  const shown = useSelector(people, selectShown);
  const results = useSelector(people, selectResults);
  const page = useSelector(people, selectPage);
  const pages = useSelector(people, selectPageCount);
  const totalAtLeast = useSelector(people, selectTotalAtLeast);
  const online = useSelector(people, selectOnline);
  const error = useSelector(people, selectListError);
  const searchError = useSelector(people, selectSearchError);
  const loading = useSelector(people, isListLoading);
  const failed = useSelector(people, hasListFailed);
  const suggestions = useSelector(people, selectSuggestions);
  const me = useSessionProfile();
  const [query, setQuery] = useState('');
  const isOnline = (id: string) => online.includes(id);

  return (
    <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-[1fr_18rem]">
      <section className="flex flex-col gap-4" aria-labelledby="people-title">
        <h1 id="people-title" className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
          People
        </h1>
        <TextField
          label="Search people"
          type="search"
          value={query}
          icon={<Search size={18} />}
          placeholder="Search by username"
          onChange={(value) => {
            setQuery(value);
            people.send({ type: 'people.search', query: value });
          }}
        />
        {searchError ? <Alert tone="error">{searchError}</Alert> : null}
        {failed && results === null ? (
          <LoadError title="Could not load people" onRetry={() => people.send({ type: 'people.retry' })}>
            {error}
          </LoadError>
        ) : loading && results === null ? (
          <ul aria-hidden="true" className="flex flex-col gap-2">
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="flex items-center gap-3 rounded-2xl border border-neutral-200 p-3 dark:border-neutral-800">
                <Skeleton className="size-10 rounded-full" />
                <Skeleton className="h-4 w-40" />
              </li>
            ))}
          </ul>
        ) : shown.length === 0 ? (
          searching ? null : (
            <EmptyState
              title={results ? 'No one found' : 'No members yet'}
              text={results ? `No member matches "${query}".` : 'Members will appear here.'}
            />
          )
        ) : (
          <ul aria-label={results ? 'Search results' : 'Members'} aria-busy={searching} className="flex flex-col gap-2">
            {shown.map((person) => (
              <PersonRow key={person._id} person={person} online={isOnline(person._id)} isMe={isMe(person._id, me)} />
            ))}
          </ul>
        )}
        {results === null && pages > 1 ? (
          <nav aria-label="Pages" className="flex items-center justify-between">
            <Button
              size="sm"
              variant="secondary"
              isDisabled={page <= 1}
              onPress={() => people.send({ type: 'people.page', page: page - 1 })}
            >
              Previous
            </Button>
            <span className="text-sm text-neutral-700 dark:text-neutral-300">
              Page {page} of {pages}
              {totalAtLeast ? '+' : ''}
            </span>
            <Button
              size="sm"
              variant="secondary"
              isDisabled={page >= pages && !totalAtLeast}
              onPress={() => people.send({ type: 'people.page', page: page + 1 })}
            >
              Next
            </Button>
          </nav>
        ) : null}
      </section>
      <aside aria-labelledby="suggestions-title" className="flex flex-col gap-3">
        <h2 id="suggestions-title" className="text-lg font-semibold text-neutral-900 dark:text-white">
          Suggestions
        </h2>
        {suggestions.length === 0 ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">No suggestions right now.</p>
        ) : (
          <ul aria-label="Suggestions" className="flex flex-col gap-2">
            {suggestions.map((person) => (
              <PersonRow key={person._id} person={person} online={isOnline(person._id)} isMe={false} />
            ))}
          </ul>
        )}
      </aside>
    </div>
  );
}
