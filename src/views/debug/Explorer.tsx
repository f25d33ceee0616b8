import { FileUp, Maximize2, Minimize2, StepBack, StepForward, X } from 'lucide-react';
import { useEffect, useEffectEvent, useMemo, useRef, useState, type DragEvent, type FormEvent } from 'react';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { appActors, type ActorRegistry, type LiveActor } from '../../effects/debug/actorRegistry';
import { journal as appJournal, redact, type Journal, type JournalEntry, type JournalEnvironment } from '../../effects/debug/journal';
import { parseJournal } from '../../effects/debug/journalFile';
import { compareReplay, type ReplayComparison } from '../../effects/debug/journalReport';
import { createTimeTravel, machinesByRoot, type TimeTravel } from '../../effects/debug/timeTravel';
import { activeStateIds, chartStates, statechartGraph, type ChartGraph } from '../../machines/debug/statechartGraph';
import { IconButton } from '../ui/IconButton';
import { StatechartDiagram } from './StatechartDiagram';

/**
 * The statechart explorer (docs/statecharts/README.md): the running actors, the chosen
 * one's chart with its active states, its context (redacted as the journal is) and the events it
 * accepts now; a form to send one of those; time travel over the journal (or a journal file)
 * replayed into isolated actors. Loaded only from the debug panel (its own lazy chunk).
 */

const graphs = new WeakMap<AnyStateMachine, ChartGraph>();
const graphOf = (machine: AnyStateMachine) => {
  let graph = graphs.get(machine);
  if (!graph) {
    graph = statechartGraph(machine);
    graphs.set(machine, graph);
  }
  return graph;
};

/** Every event type the chart names (not xstate's own: answers, delays, done). */
function eventTypes(graph: ChartGraph): string[] {
  const types = new Set<string>();
  for (const state of chartStates(graph)) {
    for (const t of state.transitions) if (t.eventType && !t.eventType.startsWith('xstate.') && t.eventType !== '*') types.add(t.eventType);
  }
  return [...types].sort();
}

/** The events the actor would take now (`snapshot.can`, guards evaluated without payload). */
function acceptedEvents(ref: AnyActorRef, graph: ChartGraph): string[] {
  const snapshot = ref.getSnapshot() as { status?: string; can?: (event: { type: string }) => boolean };
  if (snapshot.status !== 'active' || typeof snapshot.can !== 'function') return [];
  return eventTypes(graph).filter((type) => {
    try {
      return snapshot.can!({ type });
    } catch {
      return false; // a guard that reads the payload
    }
  });
}

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

type Recording = { name: string; entries: readonly JournalEntry[]; dropped: number; environment?: JournalEnvironment };

export function Explorer({
  journal = appJournal,
  registry = appActors,
  journalUrl,
  onClose,
}: {
  journal?: Journal;
  registry?: ActorRegistry;
  /** A journal file to load at once (?journal=<url> in development). */
  journalUrl?: string;
  onClose?: () => void;
}) {
  const [, setVersion] = useState(0);
  const [selected, setSelected] = useState<string>();
  // Narrow screens start with the whole chart in view; wide ones at full size (scrollable).
  const [fit, setFit] = useState(() => (globalThis.innerWidth ?? 1280) < 1024);
  const [recording, setRecording] = useState<Recording>();
  const [position, setPosition] = useState(-1);
  const [loadError, setLoadError] = useState<string>();
  const travel = useRef<TimeTravel | undefined>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => registry.subscribe(() => setVersion((v) => v + 1)), [registry]);

  // Keyboard users land in the panel when it opens (Esc closes it).
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);

  // The machines time travel can replay: the app's, every root seen running and, in development,
  // every machine of src/machines/index.ts. Not in production builds: importing them all here
  // would split each screen's machine out of its page's chunk for every member.
  const [catalog, setCatalog] = useState<readonly AnyStateMachine[]>([]);
  useEffect(() => {
    if (!import.meta.env.DEV) return undefined;
    let live = true;
    void import('../../machines/index').then(({ statecharts }) => live && setCatalog(Object.values(statecharts) as AnyStateMachine[]));
    return () => {
      live = false;
    };
  }, []);

  // One replay per recording (and catalog); it is stepped in place.
  const traveller = useMemo(() => {
    travel.current?.stop();
    travel.current = recording ? createTimeTravel(recording.entries, machinesByRoot([...catalog, ...registry.machinesSeen()])) : undefined;
    return travel.current;
  }, [recording, catalog, registry]);
  useEffect(() => () => travel.current?.stop(), []);

  // Does the replay go through the recorded states? (Version-2 journals record them.) Replays
  // stay out of the live app (journal.ts, inReplay), so the screens' own logic is safe to use.
  const comparison = useMemo<ReplayComparison | undefined>(() => {
    if (!recording) return undefined;
    try {
      const report = {
        format: 'stoa-journal' as const,
        version: 2 as const,
        exportedAt: '',
        dropped: recording.dropped,
        entries: [...recording.entries],
      };
      return compareReplay(report, machinesByRoot([...catalog, ...registry.machinesSeen()]).values());
    } catch {
      return undefined;
    }
  }, [recording, catalog, registry]);

  const startTravel = (next: Recording, at = next.entries.length - 1) => {
    setRecording(next);
    setPosition(at);
    setLoadError(undefined);
  };

  const loadText = (name: string, text: string) => {
    try {
      const file = parseJournal(text);
      startTravel({ name, entries: file.entries, dropped: file.dropped ?? 0, environment: file.environment }, -1);
    } catch (error) {
      setLoadError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // The fetch answers after some render: it loads with that render's setters, not the first one's.
  const loadFetched = useEffectEvent(loadText);

  useEffect(() => {
    if (!journalUrl) return;
    let live = true;
    fetch(journalUrl)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.text();
      })
      .then(
        (text) => live && loadFetched(journalUrl, text),
        (error: unknown) => live && setLoadError(`${journalUrl}: ${error instanceof Error ? error.message : String(error)}`),
      );
    return () => {
      live = false;
    };
  }, [journalUrl]);

  const loadFile = (file: File | undefined) => {
    if (!file) return;
    void file.text().then((text) => loadText(file.name, text));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    loadFile(event.dataTransfer.files[0]);
  };

  if (traveller && traveller.position() !== position) traveller.goTo(position);
  const actors: LiveActor[] = traveller ? traveller.actors() : registry.actors();
  const actor = actors.find((a) => a.key === selected) ?? actors[0];

  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-label="Statechart explorer"
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onClose) onClose();
      }}
      className="fixed inset-0 z-[70] flex flex-col bg-white outline-none text-neutral-900 shadow-2xl sm:inset-2 sm:rounded-2xl sm:border sm:border-neutral-300 lg:inset-4 dark:bg-neutral-900 dark:text-neutral-100 sm:dark:border-neutral-700"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-neutral-200 px-3 py-2 dark:border-neutral-800">
        <h2 className="min-w-0 flex-1 text-sm font-semibold">
          Statechart explorer{' '}
          <span className="font-normal text-neutral-600 dark:text-neutral-400">
            {recording ? `(time travel: ${recording.name})` : '(live)'}
          </span>
        </h2>
        {recording ? (
          <button type="button" className={textButton} onClick={() => setRecording(undefined)}>
            Back to live
          </button>
        ) : (
          <button
            type="button"
            className={textButton}
            disabled={journal.entries().length === 0}
            onClick={() => startTravel({ name: 'this journal', entries: [...journal.entries()], dropped: journal.dropped() })}
          >
            Time travel
          </button>
        )}
        <IconButton label="Load a journal file" className="size-8" onPress={() => fileInput.current?.click()}>
          <FileUp size={16} />
        </IconButton>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          aria-label="Journal file"
          className="hidden"
          onChange={(event) => {
            loadFile(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        <IconButton
          label={fit ? 'Show the chart at full size' : 'Fit the chart to the panel'}
          className="size-8"
          onPress={() => setFit((v) => !v)}
        >
          {fit ? <Maximize2 size={16} /> : <Minimize2 size={16} />}
        </IconButton>
        {onClose ? (
          <IconButton label="Close statechart explorer" className="size-8" onPress={onClose}>
            <X size={16} />
          </IconButton>
        ) : null}
      </header>
      {loadError ? (
        <p
          role="alert"
          className="border-b border-red-200 bg-red-50 px-3 py-1.5 text-xs text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          Could not load the journal. {loadError}
        </p>
      ) : null}
      {recording ? (
        <ReplayVerdict
          comparison={comparison}
          environment={recording.environment}
          onGo={(seq) => setPosition(recording.entries.findIndex((e) => e.seq === seq))}
        />
      ) : null}
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:flex-row lg:overflow-hidden">
        <nav
          aria-label="Actors"
          className="shrink-0 border-b border-neutral-200 lg:w-64 lg:overflow-y-auto lg:border-r lg:border-b-0 dark:border-neutral-800"
        >
          <h3 className="px-3 pt-2 text-xs font-semibold text-neutral-600 uppercase dark:text-neutral-400">
            {recording ? 'Actors at this step' : 'Running actors'}
          </h3>
          <ul className="max-h-48 overflow-y-auto p-2 text-xs lg:max-h-none">
            {actors.map((a) => (
              <li key={a.key}>
                <button
                  type="button"
                  aria-pressed={a === actor}
                  onClick={() => setSelected(a.key)}
                  style={{ paddingLeft: `${0.5 + a.depth * 0.75}rem` }}
                  className={`w-full rounded-md py-1 pr-2 text-left font-mono break-all outline-none focus-visible:ring-2 focus-visible:ring-sky-600 ${
                    a === actor
                      ? 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100'
                      : 'hover:bg-neutral-100 dark:hover:bg-neutral-800'
                  }`}
                >
                  {a.address.split('/').pop()}
                  {a.copy > 1 ? ` #${a.copy}` : ''}
                  {a.machine.id !== a.address.split('/').pop() ? (
                    <span className="text-neutral-600 dark:text-neutral-400"> ({a.machine.id})</span>
                  ) : null}
                </button>
              </li>
            ))}
            {actors.length === 0 ? (
              <li className="px-2 py-1 text-neutral-600 dark:text-neutral-400">
                {recording ? 'No actor yet at this step.' : 'No running actor seen yet.'}
              </li>
            ) : null}
          </ul>
          {recording && traveller ? (
            <TravelSteps travel={traveller} position={position} dropped={recording.dropped} onGo={setPosition} />
          ) : null}
        </nav>
        <div className="flex min-w-0 flex-1 flex-col lg:overflow-y-auto">
          {actor ? <ActorDetails key={actor.key + (recording ? ':travel' : '')} actor={actor} fit={fit} live={!recording} /> : null}
          <p className="mt-auto border-t border-neutral-200 px-3 py-1.5 text-[11px] text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
            Drop a journal file here to replay it. Context and events are redacted as in the journal. Esc closes.
          </p>
        </div>
      </div>
    </section>
  );
}

/**
 * What the replay says of the recording: it goes through the recorded states, or the first event
 * where it parts (with a button to step there), or that nothing could be compared; and, for a
 * report, where it was made.
 */
function ReplayVerdict({
  comparison,
  environment,
  onGo,
}: {
  comparison?: ReplayComparison;
  environment?: JournalEnvironment;
  onGo: (seq: number) => void;
}) {
  const compared = comparison?.systems.filter((s) => s.verdict !== 'not replayable') ?? [];
  const text = (state: { value: unknown; status: string } | null) =>
    state ? `${valueText(state.value)} (${state.status})` : 'never delivered';
  return (
    <div role="status" className="border-b border-neutral-200 px-3 py-1.5 text-xs dark:border-neutral-800">
      {environment ? (
        <p className="text-neutral-600 dark:text-neutral-400">
          Reported {environment.reportedAt} on {environment.route}, {environment.screen.width}x{environment.screen.height}, version{' '}
          {environment.appVersion}.
        </p>
      ) : null}
      {!comparison || compared.length === 0 ? (
        <p>No recorded states to compare (a version-1 journal, or no machine known for its systems): step through it to see the replay.</p>
      ) : comparison.agrees ? (
        <p className="text-emerald-800 dark:text-emerald-300">
          The replay goes through every recorded state ({compared.length} {compared.length === 1 ? 'system' : 'systems'} compared).
        </p>
      ) : (
        <p className="text-red-800 dark:text-red-300">
          The replay parts from the recording at #{comparison.seq}: {comparison.actor} after {comparison.type} was{' '}
          {text(comparison.recorded)}, the replay {comparison.replayedType ? `processed ${comparison.replayedType} and reached` : 'reached'}{' '}
          {text(comparison.replayed)}.{' '}
          <button
            type="button"
            className="font-semibold underline outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
            onClick={() => onGo(comparison.seq)}
          >
            Step there
          </button>
        </p>
      )}
    </div>
  );
}

const textButton =
  'rounded-full border border-neutral-300 px-3 py-1 text-xs font-medium outline-none hover:bg-neutral-100 focus-visible:ring-2 focus-visible:ring-sky-600 disabled:opacity-50 dark:border-neutral-700 dark:hover:bg-neutral-800';

function TravelSteps({
  travel,
  position,
  dropped,
  onGo,
}: {
  travel: TimeTravel;
  position: number;
  dropped: number;
  onGo: (index: number) => void;
}) {
  const current = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // Braces: Chromium's scrollIntoView returns a promise, which React would call as a cleanup.
    current.current?.scrollIntoView?.({ block: 'nearest' });
  }, [position]);
  const entry = travel.entries[position];
  return (
    <div className="border-t border-neutral-200 dark:border-neutral-800">
      <div className="flex items-center gap-1 px-2 pt-2">
        <IconButton label="Step back" className="size-8" isDisabled={position < 0} onPress={() => onGo(position - 1)}>
          <StepBack size={16} />
        </IconButton>
        <p className="min-w-0 flex-1 text-center text-xs" aria-live="polite">
          {entry
            ? `After event ${position + 1} of ${travel.entries.length} (#${entry.seq})`
            : `Before the first of ${travel.entries.length} events`}
        </p>
        <IconButton
          label="Step forward"
          className="size-8"
          isDisabled={position >= travel.entries.length - 1}
          onPress={() => onGo(position + 1)}
        >
          <StepForward size={16} />
        </IconButton>
      </div>
      {dropped > 0 ? (
        <p className="px-3 text-[11px] text-amber-800 dark:text-amber-300">
          {dropped} earlier events were dropped: the replay may start short of them.
        </p>
      ) : null}
      <h3 className="px-3 pt-2 text-xs font-semibold text-neutral-600 uppercase dark:text-neutral-400">Events</h3>
      <ol aria-label="Journal events" className="max-h-56 overflow-y-auto p-2 font-mono text-xs lg:max-h-[40dvh]">
        {travel.entries.map((e, i) => (
          <li key={e.seq} ref={i === position ? current : undefined}>
            <button
              type="button"
              aria-current={i === position ? 'step' : undefined}
              onClick={() => onGo(i)}
              className={`w-full rounded-md px-2 py-0.5 text-left break-all outline-none focus-visible:ring-2 focus-visible:ring-sky-600 ${
                i === position
                  ? 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100'
                  : i > position
                    ? 'text-neutral-500 dark:text-neutral-400'
                    : 'hover:bg-neutral-100 dark:hover:bg-neutral-800'
              }`}
            >
              #{e.seq} <span className="text-neutral-600 dark:text-neutral-400">{e.actor}</span>{' '}
              <span className="font-semibold">{e.type}</span>
              {travel.outcome(i) === 'unknown machine' || travel.outcome(i) === 'failed' || travel.outcome(i) === 'not running' ? (
                <span className="text-amber-800 dark:text-amber-300"> ({travel.outcome(i)})</span>
              ) : null}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

function ActorDetails({ actor, fit, live }: { actor: LiveActor; fit: boolean; live: boolean }) {
  const graph = graphOf(actor.machine);
  const snapshot = actor.ref.getSnapshot() as { value?: unknown; status: string; context?: unknown };
  const active = activeStateIds(graph, snapshot.value);
  const accepted = acceptedEvents(actor.ref, graph);
  const acceptedSet = new Set(accepted);
  return (
    <div className="flex flex-col">
      <div
        tabIndex={0}
        aria-label="Chart"
        role="group"
        className="max-h-[50dvh] min-h-40 shrink-0 overflow-auto border-b outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-inset border-neutral-200 p-2 lg:max-h-[60dvh] dark:border-neutral-800"
      >
        <StatechartDiagram graph={graph} active={active} accepted={acceptedSet} fit={fit} />
      </div>
      <div className="grid gap-3 p-3 text-xs md:grid-cols-2">
        <div className="min-w-0">
          <h3 className="font-semibold">
            {actor.address}{' '}
            <span className="font-normal text-neutral-600 dark:text-neutral-400">
              ({actor.machine.id}, {snapshot.status})
            </span>
          </h3>
          <p className="mt-1">
            State:{' '}
            <code data-testid="explorer-state" className="font-mono font-semibold">
              {valueText(snapshot.value)}
            </code>
          </p>
          <h4 className="mt-2 font-semibold">Accepts now</h4>
          <ul aria-label="Accepted events" className="mt-1 flex flex-wrap gap-1 font-mono">
            {accepted.map((type) => (
              <li key={type} className="rounded bg-neutral-100 px-1.5 py-0.5 dark:bg-neutral-800">
                {type}
              </li>
            ))}
            {accepted.length === 0 ? <li className="text-neutral-600 dark:text-neutral-400">No event.</li> : null}
          </ul>
          {live ? <SendEvent actor={actor.ref} accepted={accepted} /> : null}
        </div>
        <div className="min-w-0">
          <h4 className="font-semibold">Context</h4>
          <pre
            tabIndex={0}
            aria-label="Context"
            className="outline-none focus-visible:ring-2 focus-visible:ring-sky-600 mt-1 max-h-72 overflow-auto rounded-md bg-neutral-100 p-2 font-mono text-[11px] whitespace-pre-wrap break-all dark:bg-neutral-800"
          >
            {JSON.stringify(redact(snapshot.context ?? null), null, 2)}
          </pre>
        </div>
      </div>
    </div>
  );
}

function SendEvent({ actor, accepted }: { actor: AnyActorRef; accepted: string[] }) {
  const [type, setType] = useState('');
  const [payload, setPayload] = useState('{}');
  const [message, setMessage] = useState<{ error: boolean; text: string }>();
  const chosen = accepted.includes(type) ? type : (accepted[0] ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    let data: unknown;
    try {
      data = payload.trim() === '' ? {} : JSON.parse(payload);
    } catch (error) {
      setMessage({
        error: true,
        text: `The payload is not valid JSON (${error instanceof Error ? error.message : String(error)}); nothing was sent.`,
      });
      return;
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      setMessage({ error: true, text: 'The payload must be a JSON object, such as {"section": "chat"}; nothing was sent.' });
      return;
    }
    actor.send({ ...(data as Record<string, unknown>), type: chosen });
    setMessage({ error: false, text: `Sent ${chosen}.` });
  };

  if (accepted.length === 0) return null;
  return (
    <form
      aria-label="Send an event"
      onSubmit={submit}
      className="mt-3 flex flex-col gap-1.5 rounded-lg border border-neutral-200 p-2 dark:border-neutral-700"
    >
      <label className="flex flex-col gap-0.5">
        <span className="font-semibold">Event</span>
        <select
          value={chosen}
          onChange={(event) => setType(event.currentTarget.value)}
          className="rounded-md border border-neutral-300 bg-white px-2 py-1 font-mono dark:border-neutral-600 dark:bg-neutral-800"
        >
          {accepted.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-0.5">
        <span className="font-semibold">Payload (JSON object)</span>
        <textarea
          value={payload}
          onChange={(event) => setPayload(event.currentTarget.value)}
          rows={3}
          spellCheck={false}
          className="rounded-md border border-neutral-300 bg-white px-2 py-1 font-mono dark:border-neutral-600 dark:bg-neutral-800"
        />
      </label>
      <div className="flex items-center gap-2">
        <button type="submit" className={textButton}>
          Send
        </button>
        {message ? (
          <p
            role={message.error ? 'alert' : 'status'}
            className={message.error ? 'text-red-700 dark:text-red-400' : 'text-neutral-600 dark:text-neutral-400'}
          >
            {message.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
