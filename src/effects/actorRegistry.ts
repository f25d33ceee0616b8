import { StateMachine, type AnyActorRef, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { addressOf, journal as appJournal, type Journal } from './journal';

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
  /** Called (batched, after the current task's microtasks) when an actor appears, changes or stops. */
  subscribe(listener: () => void): () => void;
}

type Internal = AnyActorRef & { _parent?: AnyActorRef; logic?: unknown; systemId?: string };

const machineOf = (ref: AnyActorRef): AnyStateMachine | undefined => {
  const logic = (ref as Internal).logic;
  return logic instanceof StateMachine ? (logic as AnyStateMachine) : undefined;
};

function rootOf(ref: AnyActorRef): AnyActorRef {
  let node = ref as Internal;
  while (node._parent) node = node._parent as Internal;
  return node;
}

const isRunning = (ref: AnyActorRef) => (ref.getSnapshot() as { status?: string } | undefined)?.status === 'active';

/** The running machine actors under the given roots, depth first, roots in the order given. */
export function machineActors(roots: Iterable<AnyActorRef>): LiveActor[] {
  const out: LiveActor[] = [];
  const visit = (ref: AnyActorRef, depth: number) => {
    const machine = machineOf(ref);
    if (!machine || !isRunning(ref)) return;
    const systemId = (ref as Internal).systemId;
    out.push({ address: addressOf(ref), ref, machine, depth, ...(systemId ? { systemId } : {}) });
    const children = (ref.getSnapshot() as { children?: Record<string, AnyActorRef> }).children ?? {};
    for (const child of Object.values(children)) if (child) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return out;
}

export function createActorRegistry(journal: Pick<Journal, 'forwardTo'> = appJournal): ActorRegistry {
  const roots = new Set<AnyActorRef>();
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
    const root = rootOf(inspection.actorRef as AnyActorRef);
    if (!machineOf(root)) return;
    // Roots are registered when first seen running; stopped ones are dropped on their last snapshot.
    roots.add(root);
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
    },
    actors() {
      for (const root of roots) if (!isRunning(root)) roots.delete(root);
      return machineActors(roots);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The app's registry, watching the app's journal: main.tsx starts it before the app actor. */
export const appActors = createActorRegistry();
