import { useActorRef } from '@xstate/react';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { journal } from '../../effects/debug/journal';

/**
 * Starts a screen's actor for as long as the component lives, with the debug journal's
 * inspection built in: every screen is recorded, replayable and visible in the explorer without
 * the view having to remember it.
 */
export function useScreenActor<TLogic extends AnyActorLogic>(logic: TLogic, options: Omit<ActorOptions<TLogic>, 'inspect'> = {}) {
  return useActorRef(logic, { ...options, inspect: journal.inspect } as ActorOptions<TLogic>);
}
