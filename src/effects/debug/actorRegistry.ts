import type { AnyActorRef, AnyStateMachine, InspectionEvent } from 'xstate';
import { addressOf, journal as appJournal, machineOf, rootOf, type Journal } from './journal';

/**
 * The running actors, for the statechart explorer (src/views/debug): every root actor the
 * journal's inspection has seen (the app, each screen's machines), and below each the machine
 * actors it runs (session, toasts and each toast, ...), read from the snapshots' children, so
 * an actor that stops or is no longer reachable drops out by itself. main.tsx starts it before
 * the first actor; it only keeps references (the explorer's code loads on demand).
 */
export interface LiveActor {
  /** The journal's address: 'app', 'app/toasts/t-2', 'signIn'. */
  address: string;
  /** Unique in the list: two screens may run the same machine at the same address. */
  key: string;
  /** 1 for the first actor at this address, 2 for the second running at once, ... */
  copy: number;
  ref: AnyActorRef;
  machine: AnyStateMachine;
  /** How deep under its root (0 for a root). */
  depth: number;
  systemId?: string;
}

export interface ActorRegistry {
  /** Starts watching the journal's inspection events (idempotent). */
  start(): void;
  stop(): void;
  /** Every running machine actor, each root followed by its descendants. */
  actors(): LiveActor[];
  /** Every machine seen running since start, root or child, by its id (time travel replays them). */
  machinesSeen(): AnyStateMachine[];
  /** Called (batched, after the current task's microtasks) when an actor appears, changes or stops. */
  subscribe(listener: () => void): () => void;
}

const isRunning = (ref: AnyActorRef) => (ref.getSnapshot() as { status?: string } | undefined)?.status === 'active';

/**
 * Whether a root actor was started and not stopped. A created actor's snapshot is already
 * 'active', and React may create a screen's actor for a render it then throws away (a suspended
 * lazy route), never starting it; xstate's processing status tells them apart (1: running).
 */
const isStarted = (ref: AnyActorRef) => {
  const status = (ref as { _processingStatus?: unknown })._processingStatus;
  return typeof status !== 'number' || status === 1;
};

/** The running machine actors under the given roots, depth first, roots in the order given. */
export function machineActors(roots: Iterable<AnyActorRef>): LiveActor[] {
  const out: LiveActor[] = [];
  const copies = new Map<string, number>();
  const visit = (ref: AnyActorRef, depth: number) => {
    const machine = machineOf(ref);
    if (!machine || !isRunning(ref)) return;
    const systemId = (ref as { systemId?: string }).systemId;
    const address = addressOf(ref);
    const copy = (copies.get(address) ?? 0) + 1;
    copies.set(address, copy);
    out.push({ address, key: copy > 1 ? `${address}#${copy}` : address, copy, ref, machine, depth, ...(systemId ? { systemId } : {}) });
    const children = (ref.getSnapshot() as { children?: Record<string, AnyActorRef> }).children ?? {};
    for (const child of Object.values(children)) if (child) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return out;
}

export function createActorRegistry(journal: Pick<Journal, 'forwardTo'> = appJournal): ActorRegistry {
  const roots = new Set<AnyActorRef>();
  const seen = new Map<string, AnyStateMachine>();
  const listeners = new Set<() => void>();
  let unforward: (() => void) | undefined;
  let pending = false;

  const notify = () => {
    if (pending || listeners.size === 0) return;
    pending = true;
    // Inspection runs inside an actor's send, which may be inside a React render: tell the
    // listeners afterwards.
    queueMicrotask(() => {
      pending = false;
      for (const listener of listeners) listener();
    });
  };

  const observe = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.actor') {
      // Created, maybe never started (a render React throws away): wait for its first event.
      notify();
      return;
    }
    const ref = inspection.actorRef as AnyActorRef;
    const root = rootOf(ref);
    if (!machineOf(root)) return;
    // Roots are registered on their own first event or snapshot (they run then); stopped ones
    // are dropped on their last snapshot, or when listed.
    if (ref === root) roots.add(root);
    const machine = machineOf(ref);
    if (machine && !seen.has(machine.id)) seen.set(machine.id, machine);
    if (inspection.type === '@xstate.snapshot') {
      const status = (inspection.snapshot as { status?: string }).status;
      if (inspection.actorRef === root && status !== 'active') roots.delete(root);
      notify();
    }
  };

  return {
    start() {
      unforward ??= journal.forwardTo({ next: observe });
    },
    stop() {
      unforward?.();
      unforward = undefined;
      roots.clear();
      seen.clear();
    },
    actors() {
      for (const root of roots) if (!isRunning(root) || !isStarted(root)) roots.delete(root);
      return machineActors(roots);
    },
    machinesSeen: () => [...seen.values()],
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The app's registry, watching the app's journal: main.tsx starts it before the app actor. */
export const appActors = createActorRegistry();
