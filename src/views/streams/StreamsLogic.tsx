import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { streamsLogic, type StreamsLogic } from '../../effects/streams/streams';
import { useApp } from '../AppContext';

const StreamsLogicContext = createContext<StreamsLogic | null>(null);

/** The streams machines with their effects; tests provide fakes here. */
export function StreamsLogicProvider({ logic, children }: { logic?: StreamsLogic; children: ReactNode }) {
  const app = useApp();
  const value = useMemo(() => logic ?? streamsLogic(app), [logic, app]);
  return <StreamsLogicContext.Provider value={value}>{children}</StreamsLogicContext.Provider>;
}

export function useStreamsLogic(): StreamsLogic {
  const provided = useContext(StreamsLogicContext);
  const app = useApp();
  // Pages also work without a provider (the real effects).
  return useMemo(() => provided ?? streamsLogic(app), [provided, app]);
}
