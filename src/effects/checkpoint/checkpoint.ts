import { fromCallback, fromPromise } from 'xstate';
import type { io as ioFunction } from 'socket.io-client';
import type { ApiClient } from '../../api/client';
import type { AppealBody } from '../../api/moderation';
import type { MyAppeal } from '../../api/moderation';
import { CHECKPOINT_NAMESPACE, SOCKET_PATH, serverEvents } from '../../api/socket';
import { appealFormMachine } from '../../machines/checkpoint/appealForm.machine';
import { checkpointMachine, type CheckpointEvent } from '../../machines/checkpoint/checkpoint.machine';
import { storage } from '../shell/storage';
import { clientOf } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { createModerationApi } from '../../api/moderation/client';
import { createConfigApi } from '../../api/http';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'config' | 'moderation' | 'admin'>;

const defaultApi: Calls = clientOf(createConfigApi, createModerationApi);

type Io = typeof ioFunction;
const loadIo = (): Promise<Io> => import('socket.io-client').then((module) => module.io);

/**
 * The checkpoint pages' socket (CHECKPOINT_NAMESPACE, which takes a banned member's token): an
 * admin's decision on the appeal arrives as `standing changed` with the member's standing. After a
 * dropped connection comes back, the standing is asked for again, since a decision may have been
 * missed meanwhile. Stopping the actor closes the socket.
 */
export const createAppealWatch = (api: Calls, token: () => string | null = storage.token, load: () => Promise<Io> = loadIo, url = '') =>
  fromCallback<CheckpointEvent>(({ sendBack }) => {
    let stopped = false;
    let close = () => {};
    const standing = (next: MyAppeal) => sendBack({ type: 'checkpoint.standing', standing: next });
    load().then(
      (io) => {
        if (stopped) return;
        const socket = io(`${url}${CHECKPOINT_NAMESPACE}`, {
          path: SOCKET_PATH,
          transports: ['websocket'],
          auth: { token: token() ?? '' },
        });
        let connectedBefore = false;
        socket.on('connect', () => {
          if (connectedBefore) api.moderation.myAppeal().then(standing, () => {});
          connectedBefore = true;
        });
        socket.on(serverEvents.standingChanged, standing);
        close = () => {
          socket.removeAllListeners();
          socket.disconnect();
        };
      },
      // Without the socket the page still works; the answer shows on the next visit.
      () => {},
    );
    return () => {
      stopped = true;
      close();
    };
  });

/** The checkpoint pages' machines with their real effects (GET and POST /appeal, GET /config, the socket, navigation). */
export function checkpointLogic(app: HasSystem, api: Calls = defaultApi) {
  const bridge = bridgeActions(app);
  const fetchStanding = fromPromise(() => api.moderation.myAppeal());
  return {
    checkpoint: checkpointMachine.provide({
      actors: {
        fetchStanding,
        fetchSupportEmail: fromPromise(() => api.config().then((config) => config.supportEmail ?? null)),
        appealWatch: createAppealWatch(api),
      },
      actions: { navigate: bridge.navigate },
    }),
    appealForm: appealFormMachine.provide({
      actors: { fetchStanding, sendAppeal: fromPromise(({ input }: { input: AppealBody }) => api.moderation.appeal(input)) },
      actions: { navigate: bridge.navigate },
    }),
  };
}
export type CheckpointLogic = ReturnType<typeof checkpointLogic>;
