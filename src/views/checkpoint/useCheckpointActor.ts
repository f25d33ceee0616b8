import { useState } from 'react';
import type { ActorRefFrom, AnyStateMachine } from 'xstate';
import type { CheckpointLogic } from '../../effects/checkpoint/checkpoint';
import { hasToken } from '../../machines/session/session.connect';
import { useAppChild } from '../AppContext';
import { useScreenActor } from '../shared/useScreenActor';
import { useCheckpointLogic } from './CheckpointLogic';

/**
 * A checkpoint page's actor, started once with whether the session holds a token (nobody signed
 * in is sent to the sign-in page).
 */
export function useCheckpointActor<M extends AnyStateMachine>(pick: (logic: CheckpointLogic) => M) {
  const machine = pick(useCheckpointLogic());
  const session = useAppChild('session');
  const [input] = useState(() => ({ hasToken: hasToken(session.getSnapshot()) }));
  // Both machines take `{hasToken}`; the generic cannot see it.
  return useScreenActor(machine, { input } as never) as ActorRefFrom<M>;
}
