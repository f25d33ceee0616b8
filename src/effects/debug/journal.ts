import { StateMachine, type AnyActorLogic, type AnyActorRef, type AnyStateMachine, type InspectionEvent, type Observer } from 'xstate';

/**
 * The event journal (ARCHITECTURE.md, "event-sourced"): every event any actor receives, with
 * time, actor and payload (secrets redacted), in a bounded ring. Pass `journal.inspect` as the
 * `inspect` option of every actor the app starts (the app actor in main.tsx and each screen's
 * useActorRef/useMachine): it is the app's one inspection entry point, and in development it
 * also feeds the Stately inspector (`forwardTo`). The debug panel exports the journal as JSON;
 * `replayJournal` (journalReplay.ts) plays an export back against a fresh actor (docs/client-shell.md).
 */
export interface JournalEntry {
  /** Position in the whole recording (keeps counting when the ring drops old entries). */
  seq: number;
  /** Wall-clock time, ms since the epoch. */
  at: number;
  /** Which actor system: each root actor (the app, a screen's machine) starts its own. */
  system: number;
  /** The id of that system's root machine ('app', 'signIn', ...). */
  root: string;
  /** The receiver: actor ids from the root down, e.g. 'app', 'app/toasts', 'app/toasts/t-2'. */
  actor: string;
  /** The receiver's systemId, when it has one ('toasts', 'session', ...). */
  systemId?: string;
  /** The sender's address, or null when the event came from outside the system (a view, a test). */
  source: string | null;
  /** False when the sender is not a state machine (a promise or callback actor: the world). */
  sourceIsMachine: boolean;
  /**
   * The sender's system, only when it is not the receiver's (version 2): a screen's machine that
   * signs the session in sends from outside the app's system, so a replay of the app sends it.
   */
  sourceSystem?: number;
  type: string;
  /** The event with secrets redacted. */
  event: Record<string, unknown>;
  /**
   * The receiver's state just after it processed the event (version 2): from the
   * `@xstate.snapshot` inspection that follows it. Absent in version-1 files, and while the
   * event still waits in the receiver's mailbox.
   */
  state?: RecordedState;
}

/** A machine's state as the journal keeps it per entry: value and status, no context (size). */
export interface RecordedState {
  value: unknown;
  status: string;
}

/** Where the journal was saved from ("Report a problem"): what a bug report needs beside the events. */
export interface JournalEnvironment {
  /** package.json's version, built in (vite `define`). */
  appVersion: string;
  /** location.pathname + search, secret parameters redacted. */
  route: string;
  screen: { width: number; height: number; pixelRatio: number };
  userAgent: string;
  /** When the report was saved (ISO time). */
  reportedAt: string;
}

/** The version parseJournal reads as well as the one it writes (1: no per-entry state). */
export const JOURNAL_VERSION = 2;

export interface JournalExport {
  format: 'stoa-journal';
  /** 2 records each entry's `state`; 1 did not (still read). */
  version: 1 | 2;
  exportedAt: string;
  /** Entries dropped from the ring before the export (the recording is not complete if > 0). */
  dropped: number;
  entries: JournalEntry[];
  /** Set by "Report a problem" (journalReport in src/effects/debug/journalReport.ts). */
  environment?: JournalEnvironment;
}

// ---------------------------------------------------------------------------------------------
// Redaction

/**
 * Keys that hold secrets: any key containing one of these words, in any case, at any depth
 * (password, confirmPassword, token, storedToken, authorization, sessionCookie, inviteCode, ...).
 */
const SECRET_KEY = /token|secret|password|authorization|cookie|code/i;
/**
 * Values that are secrets wherever they sit, even inside a longer string: an Authorization value
 * (`Bearer ...`), anything shaped like a JWT (three base64url parts joined by dots) and an
 * authenticator app's otpauth:// URI (it carries the two-factor secret).
 */
const SECRET_VALUE = /\bBearer\s+[^\s"',;]+|[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}|otpauth:\/\/[^\s"']+/gi;
export const REDACTED = '[redacted]';
/** Whether a key (an object's, a form field's, a query parameter's) names a secret. */
export const isSecretKey = (key: string) => SECRET_KEY.test(key);
/**
 * A string with secret-shaped values replaced; all of it under a secret key. An empty string stays
 * empty, and numbers and booleans are never secrets (`hasToken`, an error's `statusCode`): a
 * replay then takes the same paths the recording took ('[redacted]' is as non-empty as the token was).
 */
export const redactString = (value: string, secret: boolean) =>
  secret
    ? value === ''
      ? value
      : REDACTED
    : value.replace(SECRET_VALUE, (found) => (/^bearer\s/i.test(found) ? `${found.split(/\s+/)[0]} ${REDACTED}` : REDACTED));
const MAX_DEPTH = 8;
const MAX_STRING = 10_000;

/** Marks a recorded Error so a replay hands the machine an Error again. */
export const ERROR_MARK = '__error';

const isActorRef = (value: object): value is AnyActorRef =>
  'sessionId' in value && typeof (value as { send?: unknown }).send === 'function';

/**
 * A JSON-safe copy with secrets replaced: everything under a secret key (see SECRET_KEY; strings
 * become '[redacted]' however deep they sit in it), the `value` of a form event whose `field` (or
 * `name`) is such a key, secret-shaped values anywhere (see SECRET_VALUE), every data: URL
 * (avatarImage and other uploads); actor refs become their id, machines their id, machine
 * snapshots their status, value and context, errors their name, message and own fields (marked,
 * so a replay revives them).
 */
export function redact(value: unknown, depth = 0, secret = false): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string') {
    if (value.startsWith('data:')) return `[data URL, ${value.length} chars]`;
    return redactString(value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value, secret);
  }
  if (typeof value !== 'object') return undefined; // functions, symbols, undefined, bigint
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (value instanceof Error) {
    // Kept as an error (revived by the replay), with its own fields: an API failure's `data`
    // holds the server's message the screens show.
    const fields = redact({ ...value }, depth, secret) as Record<string, unknown>;
    return { ...fields, [ERROR_MARK]: true, name: value.name, message: redactString(value.message, secret) };
  }
  if (value instanceof Date) return value.toISOString();
  if (isActorRef(value)) return { actor: value.id };
  // A machine is its id; a machine's snapshot (a child's `xstate.snapshot.*` event) its status,
  // value and context: written whole, with its machine, it came to 100 KB per entry.
  if (value instanceof StateMachine) return { machine: value.id };
  if ((value as { machine?: unknown }).machine instanceof StateMachine) {
    const { status, value: state, context, output, error } = value as Record<string, unknown>;
    return redact({ status, value: state, context, output, error }, depth, secret);
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1, secret) ?? null);
  const out: Record<string, unknown> = {};
  // A form event names its field: `{ field: 'password', value }` carries a secret in `value`.
  const named = (value as { field?: unknown; name?: unknown }).field ?? (value as { name?: unknown }).name;
  const secretValue = typeof named === 'string' && SECRET_KEY.test(named);
  for (const [key, item] of Object.entries(value)) {
    const copy = redact(item, depth + 1, secret || SECRET_KEY.test(key) || (secretValue && key === 'value'));
    if (copy !== undefined) out[key] = copy;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Addresses

type Internal = AnyActorRef & { _parent?: AnyActorRef; logic?: AnyActorLogic; systemId?: string };

/** The machine an actor runs, or undefined for a promise, callback or observable actor (the world). */
export const machineOf = (ref: AnyActorRef | undefined): AnyStateMachine | undefined => {
  const logic = (ref as Internal | undefined)?.logic;
  return logic instanceof StateMachine ? (logic as AnyStateMachine) : undefined;
};

export const isMachineActor = (ref: AnyActorRef | undefined) => machineOf(ref) !== undefined;

/** The root actor of the system an actor belongs to. */
export function rootOf(ref: AnyActorRef): AnyActorRef {
  let node = ref as Internal;
  while (node._parent) node = node._parent as Internal;
  return node;
}

function rootName(root: AnyActorRef): string {
  const logic = (root as Internal).logic;
  return logic instanceof StateMachine ? logic.id : root.id;
}

/** The actor's path of ids from its root: 'app', 'app/toasts', 'app/toasts/t-1'. */
export function addressOf(ref: AnyActorRef): string {
  const ids: string[] = [];
  let node = ref as Internal;
  while (node._parent) {
    ids.unshift(node.id);
    node = node._parent as Internal;
  }
  return [rootName(node), ...ids].join('/');
}

// ---------------------------------------------------------------------------------------------
// Recording

export interface Journal {
  /** The inspection observer: hand it to createActor/useActorRef as `inspect`. */
  inspect: (inspection: InspectionEvent) => void;
  entries(): readonly JournalEntry[];
  /** How many entries the ring has dropped. */
  dropped(): number;
  clear(): void;
  export(): JournalExport;
  /** Called after every recorded entry (the debug panel's live view). */
  subscribe(listener: () => void): () => void;
  /**
   * Hands every inspection event this journal sees to another observer as well (the Stately
   * inspector in development): whatever records into the journal feeds it too.
   */
  forwardTo(observer: Observer<InspectionEvent>): () => void;
}

export const JOURNAL_CAPACITY = 2000;

/** Events recorded per actor that still wait for their snapshot (an actor stopped with a full mailbox never sends one). */
const MAX_PENDING = 100;

/**
 * The state kept per entry: a machine snapshot's value and status. A state value is made of the
 * machine's own state names (a `password` state is no password): never redacted by key.
 */
const recordedState = (snapshot: { value?: unknown; status: string }): RecordedState => ({
  value: snapshot.value ?? null,
  status: snapshot.status,
});

export function createJournal({ capacity = JOURNAL_CAPACITY, now = () => Date.now() } = {}): Journal {
  let entries: JournalEntry[] = [];
  let seq = 0;
  let dropped = 0;
  const systems = new WeakMap<object, number>();
  let systemCount = 0;
  const listeners = new Set<() => void>();
  const forwards = new Set<Observer<InspectionEvent>>();
  // Each recorded entry waits here for the `@xstate.snapshot` its receiver reports after processing
  // it: the same event object, same actor (other actors' entries can come in between).
  const pending = new WeakMap<object, { event: object; entry: JournalEntry }[]>();

  const systemIndex = (ref: AnyActorRef) => {
    const system = (ref as { system: object }).system;
    let index = systems.get(system);
    if (index === undefined) {
      index = ++systemCount;
      systems.set(system, index);
    }
    return index;
  };

  return {
    inspect(inspection) {
      for (const observer of forwards) observer.next?.(inspection);
      if (inspection.type === '@xstate.snapshot') {
        const waiting = pending.get(inspection.actorRef);
        const index = waiting?.findIndex((item) => item.event === inspection.event) ?? -1;
        if (index < 0) return;
        const [{ entry }] = waiting!.splice(index, 1);
        entry.state = recordedState(inspection.snapshot as { value?: unknown; status: string });
        for (const listener of listeners) listener();
        return;
      }
      if (inspection.type !== '@xstate.event') return;
      const actorRef = inspection.actorRef as AnyActorRef;
      const sourceRef = inspection.sourceRef as AnyActorRef | undefined;
      const { event } = inspection;
      // Promise and callback actors are the world: what they send their parent is recorded
      // (as a done/error or a sent event); their own internal events are not.
      if (!isMachineActor(actorRef)) return;
      const entry: JournalEntry = {
        seq: ++seq,
        at: now(),
        system: systemIndex(actorRef),
        root: rootName(rootOf(actorRef)),
        actor: addressOf(actorRef),
        ...((actorRef as Internal).systemId ? { systemId: (actorRef as Internal).systemId } : {}),
        source: sourceRef ? addressOf(sourceRef) : null,
        sourceIsMachine: sourceRef ? isMachineActor(sourceRef) : false,
        ...(sourceRef && systemIndex(sourceRef) !== systemIndex(actorRef) ? { sourceSystem: systemIndex(sourceRef) } : {}),
        type: event.type,
        event: redact(event) as Record<string, unknown>,
      };
      entries.push(entry);
      let waiting = pending.get(actorRef);
      if (!waiting) pending.set(actorRef, (waiting = []));
      waiting.push({ event, entry });
      if (waiting.length > MAX_PENDING) waiting.shift();
      if (entries.length > capacity) {
        const excess = entries.length - capacity;
        entries = entries.slice(excess);
        dropped += excess;
      }
      for (const listener of listeners) listener();
    },
    entries: () => entries,
    dropped: () => dropped,
    clear() {
      entries = [];
      dropped = 0;
      for (const listener of listeners) listener();
    },
    export: () => ({
      format: 'stoa-journal',
      version: JOURNAL_VERSION,
      exportedAt: new Date(now()).toISOString(),
      dropped,
      entries: [...entries],
    }),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    forwardTo(observer) {
      forwards.add(observer);
      return () => void forwards.delete(observer);
    },
  };
}

/** The app's journal: main.tsx records the app actor into it; screens should too. */
export const journal = createJournal();

/** The actor systems of replays (replayJournal, the explorer's time travel). */
const replaySystems = new WeakSet<object>();

/**
 * Whether an actor runs in a replay. A replay keeps the machines' built-in actions, and a screen's
 * bridge (effects/shell/bridge.ts) is a built-in `sendTo` aimed at the live app's session and toasts:
 * it asks this first, so a replayed sign-in or sign-out never reaches the session of the page
 * the replay runs in.
 */
export const inReplay = (ref: AnyActorRef): boolean => replaySystems.has((ref as unknown as { system: object }).system);

/** Marks an actor's system as a replay's (createReplayActor in journalReplay.ts). */
export const markReplay = (ref: AnyActorRef): void => void replaySystems.add((ref as unknown as { system: object }).system);
