import type { AnyStateMachine } from 'xstate';
import {
  createJournal,
  isSecretKey,
  journal as appJournal,
  REDACTED,
  type Journal,
  type JournalEntry,
  type JournalEnvironment,
  type JournalExport,
  type RecordedState,
} from './journal';
import { replayJournal } from './journalReplay';
import { downloadJournal } from './journalFile';

/**
 * "Report a problem": the journal saved with where it was saved from, and the check
 * that a replay of it ends where the recording did. Only the debug panel and the tools load this
 * module: the pages members load carry none of it.
 */

declare const __APP_VERSION__: string | undefined;

/** package.json's version, put in by vite's `define` (vite.config.ts); 'unknown' where nothing defines it (unit tests). */
export const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'unknown';

/** pathname + search with the values of secret parameters (`/reset-password?token=...`) redacted. */
export function reportRoute(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  const secrets = [...new Set(params.keys())].filter(isSecretKey);
  if (secrets.length === 0) return pathname + search;
  for (const key of secrets) params.set(key, REDACTED);
  return `${pathname}?${params.toString()}`;
}

/** The page's environment now: version, route, screen, user agent, time. */
export function currentEnvironment(now = new Date()): JournalEnvironment {
  return {
    appVersion: APP_VERSION,
    route: reportRoute(location.pathname, location.search),
    screen: { width: window.innerWidth, height: window.innerHeight, pixelRatio: window.devicePixelRatio },
    userAgent: navigator.userAgent,
    reportedAt: now.toISOString(),
  };
}

/** The journal as a problem report: its export (already redacted) with the environment. */
export function journalReport(journal: Journal = appJournal, environment: JournalEnvironment = currentEnvironment()): JournalExport {
  return { ...journal.export(), environment };
}

/** The report's file name: `stoa-report-<time>.json`. */
export const reportFileName = (report: JournalExport) =>
  `stoa-report-${(report.environment?.reportedAt ?? report.exportedAt).replace(/[:.]/g, '-')}.json`;

/** Saves a problem report as a JSON file (the debug panel's "Report a problem"). */
export const downloadReport = (report: JournalExport = journalReport()) => downloadJournal(report, reportFileName(report));

// ---------------------------------------------------------------------------------------------
// Does a replay end where the recording did?

/** Where a replay first parts from the recording. */
export interface Parting {
  system: number;
  root: string;
  /** The recorded entry whose state the replay does not reach. */
  seq: number;
  actor: string;
  type: string;
  recorded: RecordedState;
  /** The replay's state after the same event, or null when the replay never delivered it. */
  replayed: RecordedState | null;
  /** The type of the event the replay processed at that point instead, when it differs. */
  replayedType?: string;
}

/** One recorded system and what became of it. */
export interface SystemVerdict {
  system: number;
  root: string;
  verdict: 'agrees' | 'parts' | 'not replayable';
  /** Why a system was not replayed: no known machine, no recorded states, or its start dropped from the ring. */
  reason?: string;
  /** How many recorded states the replay reached. */
  compared: number;
}

export type ReplayComparison = ({ agrees: true } | ({ agrees: false } & Parting)) & { systems: SystemVerdict[] };

const stable = (value: unknown): string =>
  value === null || typeof value !== 'object'
    ? (JSON.stringify(value) ?? 'undefined')
    : Array.isArray(value)
      ? `[${value.map(stable).join(',')}]`
      : `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
          .join(',')}}`;

const sameState = (a: RecordedState, b: RecordedState) => a.status === b.status && stable(a.value) === stable(b.value);

/**
 * Each actor's entries that carry a state, in the order the actor processed them: the order it
 * received them, except that its start comes first (events sent to an actor before it starts
 * wait in its mailbox until then). A second start is left out: @xstate/react stops a screen's
 * actor when React disconnects its effects (a Suspense boundary hiding it) and starts it again
 * from the same snapshot, which changes no state and which a replay has no reason to repeat.
 */
function byActor(entries: readonly JournalEntry[]): Map<string, JournalEntry[]> {
  const map = new Map<string, JournalEntry[]>();
  const started = new Set<string>();
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (!entry.state) continue;
    const list = map.get(entry.actor) ?? [];
    map.set(entry.actor, list);
    if (entry.type !== 'xstate.init') list.push(entry);
    else if (!started.has(entry.actor)) {
      started.add(entry.actor);
      list.unshift(entry);
    }
  }
  return map;
}

/**
 * Replays one recorded system (replayJournal) into a fresh journal, and checks that each actor
 * goes through its recorded states, event after event. Returns the earliest recorded entry (by
 * seq) where an actor does not, and how many states the replay reached.
 */
function compareSystem(report: JournalExport, system: number, machine: AnyStateMachine): { parting?: Parting; compared: number } {
  const recorded = byActor(report.entries.filter((e) => e.system === system));
  const replay = createJournal({ capacity: Number.POSITIVE_INFINITY });
  replayJournal(report, machine, { system, inspect: replay.inspect });
  const replayed = byActor(replay.entries());
  let compared = 0;
  let parting: Parting | undefined;
  for (const [actor, entries] of recorded) {
    const twins = replayed.get(actor) ?? [];
    const index = entries.findIndex((entry, i) => !(twins[i] && twins[i].type === entry.type && sameState(entry.state!, twins[i].state!)));
    compared += index < 0 ? entries.length : index;
    if (index < 0) continue;
    const entry = entries[index];
    const twin = twins[index];
    if (parting && parting.seq < entry.seq) continue;
    parting = {
      system,
      root: entry.root,
      seq: entry.seq,
      actor,
      type: entry.type,
      recorded: entry.state!,
      replayed: twin?.state ?? null,
      ...(twin && twin.type !== entry.type ? { replayedType: twin.type } : {}),
    };
  }
  return parting ? { parting, compared } : { compared };
}

/**
 * Replays every recorded system whose root machine is among `machines` (keyed by the machine's
 * id, e.g. `{ ...statecharts, app: appMachine }`) and says whether each actor went through the
 * recorded states; if not, the first event (lowest seq) where a replay parts from the recording.
 * Systems of unknown roots, systems without recorded states (version-1 files) and systems whose
 * start the ring dropped are listed as not replayable, which is not a disagreement.
 */
export function compareReplay(
  report: JournalExport,
  machines: Record<string, AnyStateMachine> | Iterable<AnyStateMachine>,
): ReplayComparison {
  const known = new Map<string, AnyStateMachine>();
  for (const machine of Symbol.iterator in machines ? (machines as Iterable<AnyStateMachine>) : Object.values(machines)) {
    known.set(machine.id, machine);
  }
  const systems = new Map<number, string>();
  for (const entry of report.entries) if (!systems.has(entry.system)) systems.set(entry.system, entry.root);

  const verdicts: SystemVerdict[] = [];
  let first: Parting | undefined;
  for (const [system, root] of [...systems].sort((a, b) => a[0] - b[0])) {
    const machine = known.get(root);
    const entries = report.entries.filter((e) => e.system === system);
    const notReplayable = (reason: string) => verdicts.push({ system, root, verdict: 'not replayable', reason, compared: 0 });
    if (!machine) {
      notReplayable(`no machine with id "${root}"`);
      continue;
    }
    if (!entries.some((e) => e.state)) {
      notReplayable('no recorded states (a version-1 journal)');
      continue;
    }
    if (!entries.some((e) => e.type === 'xstate.init' && e.actor === root)) {
      notReplayable('its start was dropped from the ring');
      continue;
    }
    const { parting, compared } = compareSystem(report, system, machine);
    verdicts.push({ system, root, verdict: parting ? 'parts' : 'agrees', compared });
    if (parting && (!first || parting.seq < first.seq)) first = parting;
  }
  return first ? { agrees: false, ...first, systems: verdicts } : { agrees: true, systems: verdicts };
}
