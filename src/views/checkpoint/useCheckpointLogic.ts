import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { ActorRefFrom, AnyStateMachine } from 'xstate';
import { checkpointLogic, type CheckpointLogic } from '../../effects/checkpoint/checkpoint';
import { journal } from '../../effects/debug/journal';
import { useApp, useAppChild } from '../AppContext';

/** The checkpoint pages' machines with their real effects, bound to the running app actor. */
export function useCheckpointLogic(): CheckpointLogic {
  const app = useApp();
  return useMemo(() => checkpointLogic(app), [app]);
}

/** A date as members read it ('12 March 2026'). */
export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * A checkpoint page's actor: the machine given (tests) or the real one, started once with whether
 * the session holds a token (nobody signed in is sent to the sign-in page).
 */
export function useCheckpointActor<M extends AnyStateMachine>(given: M | undefined, pick: (logic: CheckpointLogic) => M) {
  const real = useCheckpointLogic();
  const session = useAppChild('session');
  const [input] = useState(() => ({ hasToken: session.getSnapshot().context.token !== '' }));
  // Both machines take `{hasToken}`; the generic cannot see it.
  return useActorRef(given ?? pick(real), { input, inspect: journal.inspect } as never) as ActorRefFrom<M>;
}
