/**
 * Replays model paths through the real React views. The machine's invoked actors become
 * deferreds the path settles; the test maps every other event to what a person does (typing,
 * clicking); after each step the view's actor must be in the snapshot the model predicted, and
 * the test checks what the screen shows for it.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { fromPromise, type AnyActorLogic, type AnyActorRef, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';
import { journal } from '../../src/effects/debug/journal';
import type { TransitionCoverage } from '../machines/model';

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** `isRoot`: which root actor is the screen's, where a screen starts several (its cards' own machines); by default the last one started. */
export function viewHarness(actorNames: string[], coverage?: TransitionCoverage, isRoot: (actor: AnyActorRef) => boolean = () => true) {
  const pending = new Map<string, Deferred>();
  const actors: Record<string, AnyActorLogic> = Object.fromEntries(
    actorNames.map((name) => [
      name,
      fromPromise(({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }))),
    ]),
  );
  let root: AnyActorRef | undefined;
  // The views hand journal.inspect to useActorRef: listen there for the screen's actor.
  const spy = vi.spyOn(journal, 'inspect').mockImplementation((event: InspectionEvent) => {
    if (event.actorRef.sessionId !== event.rootId) return;
    if (event.type === '@xstate.actor' && isRoot(event.actorRef as AnyActorRef)) root = event.actorRef as AnyActorRef;
    if (event.type === '@xstate.microstep') {
      coverage?.record((event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions);
    }
  });
  return {
    actors,
    actor(): AnyActorRef {
      if (!root) throw new Error('the view started no actor');
      return root;
    },
    /** Settles the invoked actor a `xstate.done.actor.<id>` / `xstate.error.actor.<id>` event names. */
    async settle(event: { type: string; output?: unknown; error?: unknown }): Promise<boolean> {
      const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (!settled) return false;
      const deferred = pending.get(settled[2]);
      if (!deferred) throw new Error(`no pending actor "${settled[2]}"`);
      pending.delete(settled[2]);
      await act(async () => {
        if (settled[1] === 'done') deferred.resolve(event.output);
        else deferred.reject(event.error);
      });
      return true;
    },
    restore: () => spy.mockRestore(),
  };
}

/** A spy that fits where a machine declares an action with params. */
export const effect = () => vi.fn<(args: unknown, params: any) => void>();
