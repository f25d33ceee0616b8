/**
 * The pure half of the model-based tests: the all-edges path cover of a machine and its
 * transition coverage. Nothing here needs vitest, so the testers' path plans
 * (scripts/pathPlans.ts) are built by these same functions from the same models
 * (./models) the tests replay.
 */
import { getAdjacencyMap, type AdjacencyValue } from '@xstate/graph';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';

export type ModelEvent = AnyEventObject;
export interface Step {
  event: ModelEvent;
  state: AnyMachineSnapshot;
}
export interface ModelPath {
  steps: Step[];
}

export interface ModelOptions {
  /** Payload variants of events, by type. A handled type with no variant is sent bare. */
  events?: ModelEvent[];
  /** The projection of a snapshot that identifies a model state and that replay compares. */
  serialize?: (snapshot: AnyMachineSnapshot) => string;
  input?: unknown;
  /** Event types never generated (e.g. ones only a child actor can produce). */
  ignore?: string[];
  /**
   * Drops a candidate event in a given snapshot: bounds models that grow without end (a queue
   * that keeps accepting items) and skips stimuli the world cannot produce there (the done
   * event of a child that does not exist).
   */
  filter?: (snapshot: AnyMachineSnapshot, event: ModelEvent) => boolean;
  limit?: number;
}

export const defaultSerialize = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context, status: snapshot.status });

function handledEventTypes(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
  return [...new Set(nodes.flatMap((node) => node.ownEvents))].filter((type) => type && type !== '*');
}

/** Events to try in a snapshot: the handled types, each with its supplied payload variants. */
export function eventsFor(options: ModelOptions) {
  const variants = new Map<string, ModelEvent[]>();
  for (const event of options.events ?? []) {
    variants.set(event.type, [...(variants.get(event.type) ?? []), event]);
  }
  // A partial wildcard descriptor ('xstate.done.actor.*') is handled by every supplied event
  // under its prefix; sent bare it would be a meaningless event, so with no variant it is skipped.
  const variantsOf = (type: string): ModelEvent[] => {
    if (!type.endsWith('.*')) return variants.get(type) ?? [{ type }];
    const prefix = type.slice(0, -1);
    return [...variants.entries()].filter(([t]) => t.startsWith(prefix)).flatMap(([, events]) => events);
  };
  return (snapshot: AnyMachineSnapshot): ModelEvent[] => {
    if (snapshot.status !== 'active') return [];
    const seen = new Set<string>();
    return handledEventTypes(snapshot)
      .filter((type) => !options.ignore?.includes(type))
      .flatMap(variantsOf)
      .filter((event) => {
        // A concrete type and a wildcard may both offer the same variant.
        const key = JSON.stringify(event);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .filter((event) => !options.ignore?.includes(event.type))
      .filter((event) => options.filter?.(snapshot, event) ?? true);
  };
}

export function adjacency(machine: AnyStateMachine, options: ModelOptions = {}) {
  const serialize = options.serialize ?? defaultSerialize;
  return getAdjacencyMap(machine, {
    events: eventsFor(options) as never,
    serializeState: (snapshot) => serialize(snapshot as AnyMachineSnapshot),
    input: options.input as never,
    limit: options.limit ?? 20_000,
  }) as unknown as Record<string, AdjacencyValue<AnyMachineSnapshot, ModelEvent>>;
}

/** An all-edges cover of the machine's reachable graph. */
export function coverPaths(machine: AnyStateMachine, options: ModelOptions = {}): ModelPath[] {
  const serialize = options.serialize ?? defaultSerialize;
  const adj = adjacency(machine, options);
  const keys = Object.keys(adj);
  const initialKey = keys[0];
  const shortest = new Map<string, Step[]>([[initialKey, [{ event: { type: 'xstate.init' }, state: adj[initialKey].state }]]]);
  const queue = [initialKey];
  while (queue.length) {
    const key = queue.shift()!;
    for (const { event, state } of Object.values(adj[key].transitions)) {
      const next = serialize(state);
      if (shortest.has(next)) continue;
      shortest.set(next, [...shortest.get(key)!, { event, state }]);
      queue.push(next);
    }
  }
  const candidates: Step[][] = [];
  for (const [key, steps] of shortest) {
    const edges = Object.values(adj[key].transitions);
    if (edges.length === 0) candidates.push(steps);
    for (const { event, state } of edges) candidates.push([...steps, { event, state }]);
  }
  const id = (steps: Step[]) => steps.map((s) => JSON.stringify(s.event)).join('\u0000');
  const ids = candidates.map(id);
  const unique = [...new Set(ids)];
  const kept = unique.filter((a) => !unique.some((b) => b !== a && b.startsWith(a + '\u0000')));
  return kept.map((key) => ({ steps: candidates[ids.indexOf(key)] }));
}

export function describePath(path: ModelPath): string {
  const label = (event: ModelEvent) => {
    const { type, ...payload } = event;
    const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
    const after = /^xstate\.after\.([^.]+)\./.exec(type);
    const name = done ? `${done[1]}:${done[2]}` : after ? `after(${after[1]})` : type;
    const body = Object.keys(payload).length ? JSON.stringify(payload) : '';
    return `${name}${body.length > 60 ? body.slice(0, 57) + '...' : body}`;
  };
  const events = path.steps.slice(1).map((s) => label(s.event));
  const last = path.steps[path.steps.length - 1].state;
  return `${events.join(' → ') || '(initial)'} ⇒ ${JSON.stringify(last.value)}`;
}

function transitionKey(t: AnyTransitionDefinition, index: number): string {
  const targets = (t.target ?? []).map((n) => `#${n.id}`).join(',') || '(self)';
  const guard = t.guard ? ` [${guardName(t)}]` : '';
  return `#${t.source.id} --${t.eventType || 'always'}#${index}${guard}--> ${targets}`;
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child as AnyStateNode))];
}

function definitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

function keyOf(t: AnyTransitionDefinition): string {
  const siblings = t.eventType ? (t.source.transitions.get(t.eventType) ?? []) : (t.source.always ?? []);
  return transitionKey(t, siblings.indexOf(t));
}

/** Every transition definition of a machine, and the ones replayed actors exercised. */
export class TransitionCoverage {
  readonly all: Set<string>;
  readonly exercised = new Set<string>();
  constructor(readonly machine: AnyStateMachine) {
    this.all = new Set(allStateNodes(machine.root).flatMap(definitionsOf).map(keyOf));
  }
  record(transitions: AnyTransitionDefinition[]) {
    for (const t of transitions) {
      const key = keyOf(t);
      if (this.all.has(key)) this.exercised.add(key);
    }
  }
  get missed(): string[] {
    return [...this.all].filter((key) => !this.exercised.has(key));
  }
  summary(name: string, states: number): string {
    const pct = ((100 * this.exercised.size) / Math.max(this.all.size, 1)).toFixed(1);
    return `${name}: ${states} states, ${this.all.size} transitions, coverage ${this.exercised.size}/${this.all.size} (${pct}%)`;
  }
}

export function stateCount(machine: AnyStateMachine): number {
  return allStateNodes(machine.root).length - 1;
}

export function guardName(t: AnyTransitionDefinition): string | null {
  if (!t.guard) return null;
  return typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard');
}

/** One all-edges cover of a machine: the events, projection, input and bounds a test walks it with. */
export interface Cover {
  label: string;
  options: ModelOptions;
}

/** A machine as its model test covers it; the registry in ./models lists one per machine. */
export interface MachineModel {
  /** The machine's name in src/machines/index.ts and docs/statecharts. */
  name: string;
  machine: AnyStateMachine;
  covers: Cover[];
}

/** The paths of one of a model's covers: what its test replays and what its plan lists. */
export function pathsOf(model: MachineModel, label: string): ModelPath[] {
  const cover = coverOf(model, label);
  return coverPaths(model.machine, cover.options);
}

export function coverOf(model: MachineModel, label: string): Cover {
  const cover = model.covers.find((c) => c.label === label);
  if (!cover) throw new Error(`${model.name} has no cover "${label}" (it has: ${model.covers.map((c) => c.label).join(', ')})`);
  return cover;
}

/**
 * The transitions one path takes, step by step, read from a real actor's microsteps (so
 * eventless `always` transitions and the guard that picked each branch are exact). Every event
 * is sent as is: delays and invoked actors are not run, their events are the path's own
 * (`xstate.after.*`, `xstate.done.actor.*`), as @xstate/graph produced them. Throws when the
 * actor leaves the path, which would make a plan lie.
 */
export function takenTransitions(machine: AnyStateMachine, path: ModelPath, options: ModelOptions = {}): AnyTransitionDefinition[][] {
  const serialize = options.serialize ?? defaultSerialize;
  const quiet = Object.fromEntries(
    Object.keys(machine.implementations.actors ?? {}).map((name) => [name, fromPromise(() => new Promise(() => {}))]),
  );
  let current: AnyTransitionDefinition[] = [];
  const actor = createActor(machine.provide({ actors: quiet }), {
    input: options.input as never,
    clock: new SimulatedClock(),
    inspect: (event: InspectionEvent) => {
      if (event.type === '@xstate.microstep' && event.actorRef.sessionId === event.rootId) {
        current.push(...(event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions);
      }
    },
  });
  const taken: AnyTransitionDefinition[][] = [];
  const check = (step: Step) => {
    const [got, want] = [serialize(actor.getSnapshot()), serialize(step.state)];
    if (got !== want) throw new Error(`after ${step.event.type} the actor is in ${got}, the path says ${want}`);
  };
  try {
    actor.start();
    check(path.steps[0]);
    taken.push(current);
    for (const step of path.steps.slice(1)) {
      current = [];
      actor.send(step.event);
      check(step);
      taken.push(current);
    }
  } finally {
    actor.stop();
  }
  return taken;
}
