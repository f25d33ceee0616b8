/**
 * Model-based testing for the app's statecharts.
 *
 * 1. `coverPaths` walks the machine with @xstate/graph (pure `transition()`, no actors run) and
 *    returns an all-edges cover: the shortest path to every reachable snapshot, extended by each
 *    of its outgoing edges, with paths that are prefixes of others dropped.
 * 2. `replay` runs one path against a REAL actor of the machine. Invoked promise actors are
 *    replaced by deferreds the path resolves or rejects (`xstate.done.actor.<id>` /
 *    `xstate.error.actor.<id>`), `after` delays are driven with fake timers (and checked not to
 *    fire a millisecond early), every other event is sent as is. After each step the actor's
 *    snapshot must equal the one the graph predicted.
 * 3. `TransitionCoverage` lists every transition definition of the machine and records the ones
 *    the replayed actors took (from the inspection stream), so a test can demand 100 %.
 *
 * See ../shared/guides/statecharts.md for the traps this avoids (events option replacing the
 * default events, createTestModel refusing invoke/after, shortest paths missing edges).
 */
import { getAdjacencyMap, type AdjacencyValue } from '@xstate/graph';
import {
  createActor,
  fromPromise,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { expect, vi } from 'vitest';

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
  const shortest = new Map<string, Step[]>([
    [initialKey, [{ event: { type: 'xstate.init' }, state: adj[initialKey].state }]],
  ]);
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
  const guard = t.guard ? ` [${typeof t.guard === 'string' ? t.guard : (t.guard as { type?: string }).type ?? 'guard'}]` : '';
  return `#${t.source.id} --${t.eventType || 'always'}#${index}${guard}--> ${targets}`;
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child as AnyStateNode))];
}

function definitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

function keyOf(t: AnyTransitionDefinition): string {
  const siblings = t.eventType ? t.source.transitions.get(t.eventType) ?? [] : t.source.always ?? [];
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

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface ReplayOptions {
  /** Implementations given to `machine.provide()` (actions, guards, delays, extra actors). */
  provide?: Parameters<AnyStateMachine['provide']>[0];
  input?: unknown;
  serialize?: (snapshot: AnyMachineSnapshot) => string;
  coverage?: TransitionCoverage;
  /** Runs after each step with the real snapshot; for assertions on effects. */
  afterStep?: (step: Step, actor: ReturnType<typeof createActor>) => void;
}

/**
 * Replays a path against a real actor with fake effects. Call inside a test with
 * `vi.useFakeTimers()` active.
 */
export async function replay(machine: AnyStateMachine, path: ModelPath, options: ReplayOptions = {}) {
  const serialize = options.serialize ?? defaultSerialize;
  const pending = new Map<string, Deferred>();
  const fakeActors: Record<string, AnyActorLogic> = {};
  // Every declared actor becomes a deferred that the path settles (a callback actor's slot
  // simply never settles, which is what a quiet socket looks like).
  for (const name of Object.keys(machine.implementations.actors ?? {})) {
    fakeActors[name] = fromPromise(({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject })));
  }
  const provided = machine.provide({
    ...(options.provide ?? {}),
    actors: { ...fakeActors, ...((options.provide as { actors?: Record<string, AnyActorLogic> })?.actors ?? {}) },
  });
  const actor = createActor(provided, {
    input: options.input as never,
    inspect: (event: InspectionEvent) => {
      // The replayed actor is the root of its system. Compare by session id, not with `actor`:
      // an eventless (`always`) transition out of the initial state is a microstep taken inside
      // createActor(), before `actor` is assigned.
      if (event.type === '@xstate.microstep' && event.actorRef.sessionId === event.rootId) {
        options.coverage?.record((event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions);
      }
    },
  });
  actor.start();
  expect(serialize(actor.getSnapshot())).toEqual(serialize(path.steps[0].state));

  const delays = (provided.implementations.delays ?? {}) as Record<string, unknown>;
  for (const step of path.steps.slice(1)) {
    const { event } = step;
    const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
    const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (after) {
      const raw = Number.isNaN(Number(after[1])) ? delays[after[1]] : Number(after[1]);
      const ms =
        typeof raw === 'function'
          ? (raw as (a: unknown) => number)({ context: actor.getSnapshot().context, event })
          : (raw as number);
      const before = serialize(actor.getSnapshot());
      if (ms > 1) {
        await vi.advanceTimersByTimeAsync(ms - 1);
        expect(serialize(actor.getSnapshot()), `${event.type} fired early`).toEqual(before);
      }
      await vi.advanceTimersByTimeAsync(ms > 1 ? 1 : ms);
    } else if (settled) {
      const deferred = pending.get(settled[2]);
      expect(deferred, `no pending actor "${settled[2]}" for ${event.type}`).toBeDefined();
      pending.delete(settled[2]);
      if (settled[1] === 'done') deferred!.resolve((event as { output?: unknown }).output);
      else deferred!.reject((event as { error?: unknown }).error);
      await vi.advanceTimersByTimeAsync(0);
    } else {
      actor.send(event);
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(serialize(actor.getSnapshot()), `after ${event.type}`).toEqual(serialize(step.state));
    options.afterStep?.(step, actor);
  }
  actor.stop();
}
