import type { AnyActorLogic } from 'xstate';
import type { HasSystem } from '../shell/bridge';
import { composerLogic, type composerActors } from './composer';

export interface ComposerAreaDeps {
  /** Fakes for the composer's effects (publish, deletePost, readMedia). */
  actors?: Partial<Record<keyof typeof composerActors, AnyActorLogic>>;
}

/** Every machine of the composer area with its real effects, bound to one app actor (tests pass fakes in `deps`). */
export function composerAreaLogic(app: HasSystem, { actors }: ComposerAreaDeps = {}) {
  return { composer: composerLogic(app, actors) };
}
export type ComposerAreaLogic = ReturnType<typeof composerAreaLogic>;
