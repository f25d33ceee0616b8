import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { AppealBody } from '../../api/moderation';
import { appealFormMachine } from '../../machines/checkpoint/appealForm.machine';
import { checkpointMachine } from '../../machines/checkpoint/checkpoint.machine';
import { api as defaultApi } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';

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
