import type { AnyEventObject, InspectionEvent, MachineContext, Observer } from 'xstate';
import { redact } from './journal';

/**
 * The Stately inspector (https://stately.ai/inspect, opened in a popup) in development only,
 * and only when VITE_XSTATE_INSPECT=true. It is imported on demand, so neither a production
 * build nor a normal dev session loads it. Events and contexts go through the journal's
 * redaction first: passwords and tokens do not leave the page.
 */
export async function createDevInspector(): Promise<Observer<InspectionEvent> | undefined> {
  // Written out in full so the production build sees `false` here and drops the import:
  // @statelyai/inspect never reaches dist/.
  if (!import.meta.env.DEV || import.meta.env.VITE_XSTATE_INSPECT !== 'true') return undefined;
  try {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const inspector = createBrowserInspector({
      sanitizeEvent: (event: AnyEventObject) => redact(event) as AnyEventObject,
      sanitizeContext: (context: MachineContext) => redact(context) as MachineContext,
    });
    return inspector.inspect;
  } catch (error) {
    console.warn('XState inspector could not start', error);
    return undefined;
  }
}
