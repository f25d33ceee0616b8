import { fromCallback, fromPromise } from 'xstate';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import type { ApiClient } from '../api/client';
import type { AppealBody } from '../api/moderation';
import { appealFormMachine } from '../machines/appealForm.machine';
import { CHECKPOINT_PAGES, checkpointMachine } from '../machines/checkpoint.machine';
import { api as defaultApi } from './api';
import { bridgeActions, type HasSystem } from './auth';
import { streamsBus, type Bus } from './socket';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * The app's ban watch: when the member is banned while a page is open (the socket's `banned`
 * event, or any request refused as banned) the session learns it (it closes the socket) and the
 * page moves to /checkpoint by itself. `where` and `navigate` are the browser's, fakes in tests.
 */
export function banWatchLogic(bus: Bus = streamsBus, navigate: Navigate = browserNavigate, where: () => { pathname: string } = () => window.location) {
  return fromCallback(({ system }) =>
    bus.subscribe((message) => {
      if (message.event !== 'account banned') return;
      system.get('session')?.send({ type: 'session.banned' });
      if (!(CHECKPOINT_PAGES as readonly string[]).includes(where().pathname)) navigate('/checkpoint', { replace: true });
    }),
  );
}

/** The checkpoint pages' machines with their real effects (GET and POST /appeal, navigation). */
export function checkpointLogic(app: HasSystem, api: ApiClient = defaultApi) {
  const bridge = bridgeActions(app);
  const fetchStanding = fromPromise(() => api.moderation.myAppeal());
  return {
    checkpoint: checkpointMachine.provide({ actors: { fetchStanding }, actions: { navigate: bridge.navigate } }),
    appealForm: appealFormMachine.provide({
      actors: { fetchStanding, sendAppeal: fromPromise(({ input }: { input: AppealBody }) => api.moderation.appeal(input)) },
      actions: { navigate: bridge.navigate },
    }),
  };
}
export type CheckpointLogic = ReturnType<typeof checkpointLogic>;
