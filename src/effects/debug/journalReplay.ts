import {
  createActor,
  fromPromise,
  StateMachine,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyStateMachine,
  type InspectionEvent,
  type Observer,
} from 'xstate';
import { addressOf, ERROR_MARK, isMachineActor, markReplay, redact, type JournalEntry, type JournalExport } from './journal';

/**
 * Replaying a recorded journal against fresh actors cut off from the world (the debug panel's
 * replay check, "Report a problem", the explorer's time travel). Apart from the journal
 * (journal.ts), which records from the first actor on: only the debug chunks load this.
 */

/** The inverse of redact's error encoding: marked objects become Errors again. */
export function reviveErrors(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(reviveErrors);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = reviveErrors(item);
  if (out[ERROR_MARK] !== true) return out;
  const { [ERROR_MARK]: _mark, name, message, ...fields } = out;
  const error = Object.assign(new Error(String(message ?? '')), fields);
  if (typeof name === 'string') error.name = name;
  return error;
}

/** Finds the actor at an address under a root actor, if it is running. */
export function resolveAddress(root: AnyActorRef, address: string): AnyActorRef | undefined {
  const [, ...ids] = address.split('/');
  let node: AnyActorRef | undefined = root;
  for (const id of ids) {
    const children: Record<string, AnyActorRef> | undefined = (
      node?.getSnapshot() as { children?: Record<string, AnyActorRef> } | undefined
    )?.children;
    node = children?.[id];
  }
  return node;
}

/** A comparable record of a machine snapshot: value, status and the redacted context. */
export function snapshotRecord(actor: string, snapshot: { value?: unknown; status: string; context?: unknown }) {
  return {
    actor,
    value: snapshot.value,
    status: snapshot.status,
    context: redact(snapshot.context ?? null),
  };
}
export type SnapshotRecord = ReturnType<typeof snapshotRecord>;

/** Snapshot records grouped by actor: each actor's own sequence, independent of interleaving. */
export function snapshotsByActor(records: readonly SnapshotRecord[]): Record<string, SnapshotRecord[]> {
  const byActor: Record<string, SnapshotRecord[]> = {};
  for (const record of records) (byActor[record.actor] ??= []).push(record);
  return byActor;
}

const isBuiltinAction = (action: unknown) => typeof action === 'function' && 'resolve' in (action as object);

/**
 * The same machine with the world cut off, all the way down its child machines: every
 * non-machine actor (promise, callback, observable) becomes a promise that never settles, and
 * every custom action (an effect: storage, DOM, a send to another system) becomes a no-op.
 * Built-in actions (assign, raise, sendTo, spawn, stop, enqueueActions, emit) are kept: they
 * are the machine's own logic.
 */
export function isolate<T extends AnyStateMachine>(machine: T, seen = new Map<AnyStateMachine, AnyStateMachine>()): T {
  const done = seen.get(machine);
  if (done) return done as T;
  const actors: Record<string, AnyActorLogic> = {};
  for (const [name, logic] of Object.entries(machine.implementations.actors ?? {})) {
    actors[name] =
      logic instanceof StateMachine ? isolate(logic as AnyStateMachine, seen) : fromPromise(() => new Promise<never>(() => {}));
  }
  const actions: Record<string, unknown> = {};
  for (const [name, action] of Object.entries(machine.implementations.actions ?? {})) {
    actions[name] = isBuiltinAction(action) ? action : () => {};
  }
  const isolated = machine.provide({ actors, actions } as never) as T;
  seen.set(machine, isolated);
  return isolated;
}

/** An actor of `machine` isolated from the world (see `isolate`), on a frozen clock, marked as a replay. */
export function createReplayActor<T extends AnyStateMachine>(
  machine: T,
  options: { input?: unknown; inspect?: (inspection: InspectionEvent) => void } = {},
) {
  const actor = createActor(isolate(machine), { ...options, clock: frozenClock() } as never);
  markReplay(actor);
  return actor;
}

/** A clock that never fires: recorded `xstate.after.*` events are replayed as they happened. */
const frozenClock = () => {
  let id = 0;
  return { setTimeout: () => ++id, clearTimeout: () => {} };
};

export interface ReplayStep {
  entry: JournalEntry;
  /** The receiver's snapshot after the event. */
  snapshot: SnapshotRecord;
}

export interface ReplayResult {
  /** Every snapshot of every machine actor of the replayed system, in the order they happened. */
  snapshots: SnapshotRecord[];
  /** The events sent, each with its receiver's snapshot afterwards. */
  steps: ReplayStep[];
  /** Entries not sent: ones the replay reproduces by itself, and ones to actors not running. */
  skipped: JournalEntry[];
}

export interface ReplayOptions {
  /** Which recorded system to replay; default the first whose root machine is `machine`. */
  system?: number;
  /** Input of the root actor; default the input of its recorded `xstate.init`. */
  input?: unknown;
  /** Extra inspection (e.g. the inspector while debugging a replay). */
  inspect?: Observer<InspectionEvent> | ((inspection: InspectionEvent) => void);
}

/**
 * Whether an entry is a stimulus from outside the system, which the replay must send, or an
 * event the system sends itself, which the replay reproduces by running the same logic.
 * The explorer's time travel (timeTravel.ts) steps by the same rule.
 */
export function isStimulus(entry: JournalEntry): boolean {
  if (entry.type === 'xstate.init') return false;
  if (entry.source === null) return true; // a view, a test, an effect's send
  if (!entry.sourceIsMachine) return true; // a faked promise/callback actor's done, error or sendBack
  // A machine of another system (a screen's sign-in logging the app's session in); version-1
  // files do not say, but the sender's address then starts with another root.
  if (entry.sourceSystem !== undefined ? entry.sourceSystem !== entry.system : entry.source.split('/')[0] !== entry.root) return true;
  // Delayed events: the frozen clock never fires them. A machine's own scheduled events
  // (after, delayed raise) are the ones it sends itself.
  return entry.type.startsWith('xstate.after.') || entry.source === entry.actor;
}

/**
 * Replays a recorded journal against a fresh actor of `machine`, isolated from the world
 * (see `isolate`), and returns the snapshots it goes through. Recorded `xstate.done.actor.*`,
 * `xstate.error.actor.*` and `xstate.after.*` events are sent as recorded; so is every event
 * that came from outside. Values redacted in the recording are replayed as '[redacted]'.
 */
export function replayJournal(
  journal: JournalExport | readonly JournalEntry[],
  machine: AnyStateMachine,
  options: ReplayOptions = {},
): ReplayResult {
  const all = Array.isArray(journal) ? (journal as readonly JournalEntry[]) : (journal as JournalExport).entries;
  const system = options.system ?? all.find((e) => e.root === machine.id)?.system;
  const entries = all.filter((e) => e.system === system).sort((a, b) => a.seq - b.seq);
  const rootInit = entries.find((e) => e.type === 'xstate.init' && e.actor === machine.id);
  const input = options.input ?? rootInit?.event.input;

  const snapshots: SnapshotRecord[] = [];
  const extra = typeof options.inspect === 'function' ? { next: options.inspect } : options.inspect;
  const actor = createReplayActor(machine, {
    input,
    inspect: (inspection) => {
      extra?.next?.(inspection);
      const ref = inspection.actorRef as AnyActorRef;
      if (inspection.type === '@xstate.snapshot' && isMachineActor(ref)) {
        snapshots.push(snapshotRecord(addressOf(ref), inspection.snapshot as never));
      }
    },
  });
  actor.start();

  const steps: ReplayStep[] = [];
  const skipped: JournalEntry[] = [];
  for (const entry of entries) {
    const target = isStimulus(entry) ? resolveAddress(actor, entry.actor) : undefined;
    if (!target) {
      skipped.push(entry);
      continue;
    }
    target.send({ ...(reviveErrors(entry.event) as Record<string, unknown>), type: entry.type });
    steps.push({ entry, snapshot: snapshotRecord(entry.actor, target.getSnapshot() as never) });
  }
  actor.stop();
  return { snapshots, steps, skipped };
}
