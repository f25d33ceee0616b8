import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { peopleLogic, type PeopleLogic } from '../../effects/people/people';
import { useApp } from '../AppContext';

const PeopleLogicContext = createContext<PeopleLogic | null>(null);

/** The people machines with their effects; tests provide fakes here. */
export function PeopleLogicProvider({ logic, children }: { logic: PeopleLogic; children: ReactNode }) {
  return <PeopleLogicContext.Provider value={logic}>{children}</PeopleLogicContext.Provider>;
}

/** The people, profile and settings machines with their real effects (or the provided ones). */
export function usePeopleLogic(): PeopleLogic {
  const provided = useContext(PeopleLogicContext);
  const app = useApp();
  // Pages also work without a provider (the real effects).
  return useMemo(() => provided ?? peopleLogic(app), [provided, app]);
}

