import { useMemo } from 'react';
import { checkpointLogic, type CheckpointLogic } from '../../effects/checkpoint';
import { useApp } from '../AppContext';

/** The checkpoint pages' machines with their real effects, bound to the running app actor. */
export function useCheckpointLogic(): CheckpointLogic {
  const app = useApp();
  return useMemo(() => checkpointLogic(app), [app]);
}

/** A date as members read it ('12 March 2026'). */
export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
