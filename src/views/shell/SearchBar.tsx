import { useSelector } from '@xstate/react';
import { Hash, Search } from 'lucide-react';
import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import {
  activeSuggestion,
  isSuggestOpen,
  suggestionKey,
  suggestionLabel,
  suggestOptions,
  suggestQuery,
} from '../../machines/search/searchSuggest.connect';
import type { SearchSuggestActorRef, Suggestion } from '../../machines/search/searchSuggest.machine';
import { Avatar } from '../ui/Avatar';
import { GroupImage } from '../groups/GroupImage';
import { useScreenActor } from '../shared/useScreenActor';
import { useSearchSuggestLogic } from './SearchSuggestLogic';
import { INLINE_SEARCH_BOX } from './searchBoxPlace';

const KIND_TEXT = { person: 'Member', group: 'Group', hashtag: 'Hashtag' } as const;

function OptionPicture({ option }: { option: Suggestion }) {
  if (option.kind === 'person') return <Avatar {...option.person} size="sm" />;
  if (option.kind === 'group') return <GroupImage group={option.group} className="size-8 text-sm" />;
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-neutral-100 dark:bg-neutral-800"
    >
      <Hash size={16} />
    </span>
  );
}

/** The list under the box (ARIA combobox pattern: the focus stays in the box, `aria-activedescendant` names the highlighted option). */
function SuggestionList({ actor, id, onPicked }: { actor: SearchSuggestActorRef; id: string; onPicked: () => void }) {
  const options = useSelector(actor, suggestOptions);
  const active = useSelector(actor, activeSuggestion);
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Suggestions"
      className="absolute inset-x-0 top-full z-30 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-neutral-200 bg-white p-1 shadow-lg dark:border-neutral-800 dark:bg-neutral-900"
    >
      {options.map((option, index) => (
        <li
          key={suggestionKey(option)}
          id={`${id}-${suggestionKey(option)}`}
          role="option"
          aria-selected={index === active}
          // The box keeps the focus: a press must not blur it before the click lands.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            actor.send({ type: 'suggest.pick', index });
            onPicked();
          }}
          className={
            'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm text-neutral-900 dark:text-white ' +
            (index === active ? 'bg-neutral-100 dark:bg-neutral-800' : 'hover:bg-neutral-50 dark:hover:bg-neutral-800/60')
          }
        >
          <OptionPicture option={option} />
          <span className="min-w-0 flex-1 truncate font-semibold">{suggestionLabel(option)}</span>
          <span className="shrink-0 text-xs text-neutral-600 dark:text-neutral-400">{KIND_TEXT[option.kind]}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's search box. On narrow screens it is the bar the search toggle opens (navigation
 * machine: searchBar open) under the header; from 1024px it sits in the header itself (`inline`).
 * As the member types it suggests people, groups and hashtags (the `searchSuggest` machine: a
 * pause, then a list); arrow keys move through the list, Enter opens the highlighted option or,
 * with none, the search page with the term as `?q=`; Escape closes the list, then the bar (or
 * leaves the inline box).
 */
export function SearchBar({ onClose, variant = 'bar' }: { onClose: () => void; variant?: 'bar' | 'inline' }) {
  const actor = useScreenActor(useSearchSuggestLogic());
  const term = useSelector(actor, suggestQuery);
  const open = useSelector(actor, isSuggestOpen);
  const active = useSelector(actor, activeSuggestion);
  const options = useSelector(actor, suggestOptions);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const inline = variant === 'inline';
  useEffect(() => {
    if (!inline) input.current?.focus();
  }, [inline]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = term.trim() !== '';
    actor.send({ type: 'suggest.enter' });
    if (typed || active >= 0) onClose();
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) return;
      event.preventDefault();
      actor.send({ type: 'suggest.move', by: event.key === 'ArrowDown' ? 1 : -1 });
      return;
    }
    if (event.key !== 'Escape') return;
    // The first Escape closes the list; the next one the bar.
    if (open) {
      event.preventDefault();
      actor.send({ type: 'suggest.close' });
      return;
    }
    if (inline) event.currentTarget.blur();
    onClose();
  };

  const box = (
    <div className={'relative ' + (inline ? 'w-full' : 'mx-auto max-w-2xl')}>
      <div className="flex items-center gap-2 rounded-full border border-neutral-300 bg-neutral-50 px-4 focus-within:border-accent-strong focus-within:ring-2 focus-within:ring-accent/30 dark:border-neutral-700 dark:bg-neutral-900">
        <Search aria-hidden="true" size={18} className="shrink-0 text-neutral-500 dark:text-neutral-400" />
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label="Search Stoa"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open && active >= 0 && options[active] ? `${listId}-${suggestionKey(options[active])}` : undefined}
          autoComplete="off"
          placeholder={inline ? 'Search Stoa' : 'Search people, posts and questions'}
          value={term}
          onChange={(event) => actor.send({ type: 'suggest.type', query: event.target.value })}
          onKeyDown={keyDown}
          onBlur={() => actor.send({ type: 'suggest.close' })}
          className={`${inline ? 'h-9' : 'h-11'} min-w-0 flex-1 bg-transparent text-[15px] text-neutral-900 outline-none placeholder:text-neutral-500 dark:text-white dark:placeholder:text-neutral-400`}
        />
      </div>
      {open ? <SuggestionList actor={actor} id={listId} onPicked={onClose} /> : null}
    </div>
  );

  if (inline) {
    return (
      <form role="search" onSubmit={submit} className={INLINE_SEARCH_BOX}>
        {box}
      </form>
    );
  }
  return (
    <form
      role="search"
      onSubmit={submit}
      className="border-b border-neutral-200 bg-white px-4 py-3 dark:border-neutral-800 dark:bg-neutral-950"
    >
      {box}
    </form>
  );
}
