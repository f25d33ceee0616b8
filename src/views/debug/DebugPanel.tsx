import { Download, Trash2, Workflow, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { journal as appJournal, type Journal } from '../../effects/debug/journal';
import { downloadJournal } from '../../effects/debug/journalFile';
import { debugRequested, isDebugShortcut, journalRequested } from '../../effects/debug/debugShortcut';
import { DebugPanelReport } from './DebugPanelReport';
import { IconButton } from '../ui/IconButton';

const SHOWN = 40;

// The statechart explorer (elkjs and the charts) is a chunk of its own, fetched when opened.
const Explorer = lazy(() => import('./Explorer').then((module) => ({ default: module.Explorer })));

/**
 * The event journal's panel: the latest events as they are recorded, and an export of the
 * whole journal as JSON (the file `replayJournal` plays back). Opened with Ctrl+Alt+J or by
 * loading any page with ?debug=1. It shows only what the journal holds: secrets are redacted.
 * The app loads it on demand (DebugPanelOnDemand): members never open it. Its chart button opens
 * the statechart explorer (src/views/debug/Explorer.tsx, a chunk of its own, loaded when opened).
 */
export function DebugPanel({
  journal = appJournal,
  initiallyOpen = debugRequested(),
  journalUrl = journalRequested(),
}: {
  journal?: Journal;
  initiallyOpen?: boolean;
  /** A journal file the explorer opens replaying (?journal=<url> in development). */
  journalUrl?: string;
}) {
  const [open, setOpen] = useState(initiallyOpen || journalUrl !== undefined);
  const [exploring, setExploring] = useState(journalUrl !== undefined);
  const [, setVersion] = useState(0);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isDebugShortcut(event)) {
        event.preventDefault();
        setOpen((value) => !value);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => (open ? journal.subscribe(() => setVersion((v) => v + 1)) : undefined), [open, journal]);

  if (!open) return null;
  const entries = journal.entries();
  const latest = entries.slice(-SHOWN).reverse();
  const start = entries[0]?.at ?? 0;

  return (
    <section
      aria-label="Event journal"
      className="fixed bottom-20 left-2 z-[60] flex max-h-[60dvh] w-[min(28rem,calc(100vw-1rem))] flex-col rounded-2xl border border-neutral-300 bg-white text-neutral-900 shadow-2xl lg:bottom-4 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <header className="flex items-center gap-2 border-b border-neutral-200 px-3 py-2 dark:border-neutral-800">
        <h2 className="flex-1 text-sm font-semibold">
          Event journal{' '}
          <span className="font-normal text-neutral-600 dark:text-neutral-400">
            ({entries.length} events{journal.dropped() ? `, ${journal.dropped()} dropped` : ''})
          </span>
        </h2>
        <DebugPanelReport journal={journal} />
        <IconButton label="Open statechart explorer" className="size-8" onPress={() => setExploring(true)}>
          <Workflow size={16} />
        </IconButton>
        <IconButton label="Export journal as JSON" className="size-8" onPress={() => downloadJournal(journal.export())}>
          <Download size={16} />
        </IconButton>
        <IconButton label="Clear journal" className="size-8" onPress={() => journal.clear()}>
          <Trash2 size={16} />
        </IconButton>
        <IconButton label="Close event journal" className="size-8" onPress={() => setOpen(false)}>
          <X size={16} />
        </IconButton>
      </header>
      <ol tabIndex={0} aria-label="Latest events" className="min-h-0 flex-1 overflow-y-auto px-3 py-2 font-mono text-xs leading-relaxed">
        {latest.map((entry) => (
          <li key={entry.seq} className="flex gap-2 border-b border-neutral-100 py-1 last:border-0 dark:border-neutral-800">
            <span className="w-14 shrink-0 text-right text-neutral-500 tabular-nums dark:text-neutral-400">
              +{((entry.at - start) / 1000).toFixed(1)}s
            </span>
            <span className="min-w-0 flex-1 break-all">
              <span className="text-neutral-600 dark:text-neutral-400">{entry.actor}</span>{' '}
              <span className="font-semibold">{entry.type}</span>
            </span>
          </li>
        ))}
        {latest.length === 0 ? <li className="py-2 text-neutral-600 dark:text-neutral-400">No events yet.</li> : null}
      </ol>
      <p className="border-t border-neutral-200 px-3 py-1.5 text-[11px] text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
        Ctrl+Alt+J toggles this panel. Passwords and tokens are redacted.
      </p>
      {exploring ? (
        <Suspense fallback={null}>
          <Explorer journal={journal} journalUrl={journalUrl} onClose={() => setExploring(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
