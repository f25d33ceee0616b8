import { Search } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { searchHref } from '../../machines/shell/routes';

/**
 * The header's search box. On narrow screens it is the bar the search toggle opens (navigation
 * machine: searchBar open) under the header; from 1024px it sits in the header itself (`inline`).
 * Submitting opens the search page with the term as `?q=`; Escape closes the bar (or leaves the
 * inline box).
 */
export function SearchBar({ onClose, variant = 'bar' }: { onClose: () => void; variant?: 'bar' | 'inline' }) {
  const [, navigate] = useLocation();
  const [term, setTerm] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const inline = variant === 'inline';
  useEffect(() => {
    if (!inline) input.current?.focus();
  }, [inline]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = term.trim();
    if (!query) return;
    navigate(`~${searchHref(query)}`);
    if (inline) setTerm('');
    onClose();
  };

  const box = (
    <div
      className={
        'flex items-center gap-2 rounded-full border border-neutral-300 bg-neutral-50 px-4 focus-within:border-accent-strong focus-within:ring-2 focus-within:ring-accent/30 dark:border-neutral-700 dark:bg-neutral-900 ' +
        (inline ? 'w-full' : 'mx-auto max-w-2xl')
      }
    >
      <Search aria-hidden="true" size={18} className="shrink-0 text-neutral-500 dark:text-neutral-400" />
      <input
        ref={input}
        type="search"
        aria-label="Search Stoa"
        placeholder={inline ? 'Search Stoa' : 'Search people, posts and questions'}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          if (inline) event.currentTarget.blur();
          onClose();
        }}
        className={`${inline ? 'h-9' : 'h-11'} min-w-0 flex-1 bg-transparent text-[15px] text-neutral-900 outline-none placeholder:text-neutral-500 dark:text-white dark:placeholder:text-neutral-400`}
      />
    </div>
  );

  if (inline) {
    return (
      <form role="search" onSubmit={submit} className="mx-4 w-full max-w-sm">
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
