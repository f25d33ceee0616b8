import { createActor, fromPromise } from 'xstate';
import type { AppActorRef } from '../../../src/effects/shell/app';
import { toastQueueLogic } from '../../../src/effects/shell/toasts';
import { outboxMachine } from '../../../src/machines/offline/outbox.machine';
import type { OutboxItem } from '../../../src/machines/offline/outbox.types';
import { appMachine } from '../../../src/machines/shell/app.machine';
import { alice, auth } from '../../fixtures/auth';

/**
 * Alice signed in on an app whose outbox sends through the test: each send is recorded in `sent`
 * and waits until the test calls its entry in `answers` (the store is silent: the test loads it).
 */
export function appWithAnsweredOutbox() {
  const answers: ((result: unknown) => void)[] = [];
  const sent: OutboxItem[] = [];
  const outbox = outboxMachine.provide({
    actors: {
      send: fromPromise(({ input }: { input: { item: OutboxItem } }) => {
        sent.push(input.item);
        return new Promise((resolve) => void answers.push(resolve));
      }),
    },
  });
  const app = createActor(appMachine.provide({ actors: { toasts: toastQueueLogic, outbox } }), {
    input: { storedTheme: null, storedToken: null },
  }).start() as unknown as AppActorRef;
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  return { app, answers, sent };
}
