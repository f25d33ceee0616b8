import { useSelector } from '@xstate/react';
import { Search as SearchIcon } from 'lucide-react';
import { useEffect, type FormEvent } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useSearch } from 'wouter';
import { countText, SEARCH_KINDS, SEARCH_QUERY_MAX, type SearchKind } from '../../api/search';
import { isSearchKind, selectIsSearching, type SearchActorRef } from '../../machines/search/search.machine';
import {
  hasSearchFailed,
  hasSearchImage,
  hashtagPostsText,
  searchedHashtag,
  isSearchIdle,
  searchedText,
  searchError,
  searchQuery,
  searchResults,
  searchTab,
} from '../../machines/search/search.connect';
import { useSearchLogic } from './SearchLogic';
import { LoadError } from '../ui/LoadError';
import { TextField } from '../ui/TextField';
import { EmptyState, PageTitle } from '../streams/PageParts';
import { ImageSearchButton, ImageSearchPanel } from './ImageSearch';
import { KIND_NAMES, KindResults, ResultSkeletons } from './SearchResults';
import { useScreenActor } from '../shared/useScreenActor';
import { SearchStartSuggestions } from '../layouts/MemberAside';
import { useSessionProfile } from '../layouts/useShell';

const tabClasses =
  'flex cursor-pointer items-center gap-1.5 whitespace-nowrap rounded-xl px-3 py-2 text-sm font-semibold text-neutral-700 outline-none dark:text-neutral-300 ' +
  'data-[selected]:bg-neutral-900 data-[selected]:text-white dark:data-[selected]:bg-white dark:data-[selected]:text-neutral-900';

/** The query and tab the address names (`?q=&tab=`). */
export function addressOf(search: string): { query: string; tab: SearchKind } {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  return { query: params.get('q') ?? '', tab: isSearchKind(tab) ? tab : 'posts' };
}

function SearchTabs({ actor }: { actor: SearchActorRef }) {
  const tab = useSelector(actor, searchTab);
  const results = useSelector(actor, searchResults);
  const searching = useSelector(actor, selectIsSearching);
  const failed = useSelector(actor, hasSearchFailed);
  const error = useSelector(actor, searchError);
  const searched = useSelector(actor, searchedText);
  const counts = results ? SEARCH_KINDS.map((kind) => [kind, countText(results[kind])] as const) : null;
  return (
    <Tabs selectedKey={tab} onSelectionChange={(key) => actor.send({ type: 'search.tab', tab: key as SearchKind })}>
      <TabList aria-label="Kinds of results" className="flex gap-1 overflow-x-auto rounded-2xl bg-neutral-100 p-1 dark:bg-neutral-800/60">
        {SEARCH_KINDS.map((kind) => (
          <Tab key={kind} id={kind} className={tabClasses}>
            {KIND_NAMES[kind].tab}
            {counts ? (
              <span
                data-testid={`count-${kind}`}
                className="rounded-full bg-black/10 px-1.5 text-xs font-semibold tabular-nums dark:bg-white/15"
              >
                {counts.find(([k]) => k === kind)![1]}
              </span>
            ) : null}
          </Tab>
        ))}
      </TabList>
      {SEARCH_KINDS.map((kind) => (
        <TabPanel key={kind} id={kind} className="pt-4 outline-none" aria-busy={searching || undefined}>
          {failed ? (
            <LoadError title="Could not search" onRetry={() => actor.send({ type: 'search.retry' })}>
              {error}
            </LoadError>
          ) : !results ? (
            searching ? (
              <ResultSkeletons kind={kind} />
            ) : null
          ) : (
            <div className={searching ? 'opacity-60 transition-opacity motion-reduce:transition-none' : ''}>
              {searching ? (
                <p className="sr-only" role="status">
                  Searching for {searched}
                </p>
              ) : null}
              <KindResults actor={actor} kind={kind} />
            </div>
          )}
        </TabPanel>
      ))}
    </Tabs>
  );
}

/** A hashtag's page (`?q=%23tag`, where a hashtag's link leads): the tag and how many posts carry it, above the tabs. */
function HashtagHeader({ actor }: { actor: SearchActorRef }) {
  const tag = useSelector(actor, searchedHashtag);
  const count = useSelector(actor, (s) => hashtagPostsText(s));
  if (tag === null) return null;
  return (
    <header className="rounded-3xl border border-neutral-200 bg-white px-4 py-3 dark:border-neutral-800 dark:bg-neutral-900">
      <h2 className="break-words text-xl font-bold text-neutral-900 dark:text-white">#{tag}</h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400" aria-live="polite">
        {count ?? '\u00a0'}
      </p>
    </header>
  );
}

/**
 * /app/social/search?q=&tab=: a search box that searches as the member types (after a pause, or
 * at once on Enter), a camera control to search by picture, and the results in four tabs with
 * their counts. The address follows the search, so back, forward and reload show the same page.
 */
export default function SearchPage() {
  const address = addressOf(useSearch());
  const actor = useScreenActor(useSearchLogic(), { input: address });
  const query = useSelector(actor, searchQuery);
  const idle = useSelector(actor, isSearchIdle);
  const hasImage = useSelector(actor, hasSearchImage);
  const profile = useSessionProfile();

  // Back, forward and the header's search bar change the address: the page follows it.
  useEffect(() => {
    actor.send({ type: 'search.address', query: address.query, tab: address.tab });
  }, [actor, address.query, address.tab]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'search.submit' });
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <PageTitle>Search</PageTitle>
      <form role="search" aria-label="Search Stoa" onSubmit={submit} className="flex items-end gap-2">
        <TextField
          label="Search terms"
          type="search"
          value={query}
          autoFocus={address.query === ''}
          maxLength={SEARCH_QUERY_MAX}
          icon={<SearchIcon size={18} />}
          placeholder="Posts, questions, people, groups"
          className="min-w-0 flex-1"
          onChange={(value) => actor.send({ type: 'search.type', query: value })}
        />
        <ImageSearchButton actor={actor} />
      </form>
      <ImageSearchPanel actor={actor} />
      {idle ? (
        hasImage ? null : (
          <>
            <EmptyState
              title="Search Stoa"
              text="Find posts, questions, people and groups by a word or the start of one, in any language. Or search by picture with the camera button."
            />
            {profile ? <SearchStartSuggestions userId={profile._id} /> : null}
          </>
        )
      ) : (
        <>
          <HashtagHeader actor={actor} />
          <SearchTabs actor={actor} />
        </>
      )}
    </div>
  );
}
