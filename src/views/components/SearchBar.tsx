import { Search } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

/**
 * The header's search bar (navigation machine: searchBar open). Submitting opens the search
 * screen with the term as `?query=`; Escape closes the bar. The search screen comes with the
 * search issue.
 */
export function SearchBar({ onClose }: { onClose: () => void }) {
  const [, navigate] = useLocation();
  const [term, setTerm] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = term.trim();
    if (!query) return;
    navigate(`~/app/social/search?${new URLSearchParams({ query })}`);
    onClose();
  };

  return (
    <form role="search" onSubmit={submit} className="border-b border-neutral-200 bg-white px-4 py-3 dark:border-neutral-800 dark:bg-neutral-950">
      <div className="mx-auto flex max-w-2xl items-center gap-2 rounded-full border border-neutral-300 bg-neutral-50 px-4 focus-within:border-accent-strong focus-within:ring-2 focus-within:ring-accent/30 dark:border-neutral-700 dark:bg-neutral-900">
        <Search aria-hidden="true" size={18} className="shrink-0 text-neutral-500 dark:text-neutral-400" />
        <input
          ref={input}
          type="search"
          aria-label="Search Stoa"
          placeholder="Search people, posts and questions"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          className="h-11 min-w-0 flex-1 bg-transparent text-[15px] text-neutral-900 outline-none placeholder:text-neutral-500 dark:text-white dark:placeholder:text-neutral-400"
        />
      </div>
    </form>
  );
}
