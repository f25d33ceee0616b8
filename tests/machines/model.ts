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
 * 1 and 3 live in ./cover.ts (no vitest there, so the path plans use them too); the models the
 * tests cover, one per machine, live in ./models.
 *
 * See ../shared/guides/statecharts.md for the traps this avoids (events option replacing the
 * default events, createTestModel refusing invoke/after, shortest paths missing edges).
 */
import {
  createActor,
  fromPromise,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { expect, vi } from 'vitest';
import { defaultSerialize, type ModelPath, type Step, type TransitionCoverage } from './cover';

export * from './cover';

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
        typeof raw === 'function' ? (raw as (a: unknown) => number)({ context: actor.getSnapshot().context, event }) : (raw as number);
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
