import type { AreaPlugin } from '../areaPlugin';
import { createNotificationSettings } from '../users/notificationSettings';
import { notificationRoutes } from './routes';
import { createNotificationService, startPruning } from './service';
import { createNotificationStore } from './store';

/** The notifications inbox: every area raises its entries here. */
export const notificationsArea: AreaPlugin = {
  name: 'notifications',
  dependencies: [],
  build: ({ app, database, clock, fanout }) => {
    const notifications = createNotificationService({
      store: createNotificationStore(database),
      settings: createNotificationSettings(database),
      fanout,
      clock,
      log: app.log,
    });
    let stopPruning: (() => Promise<void>) | undefined;
    return {
      services: { notifications },
      routes: async (api) => {
        await api.register(notificationRoutes, { notifications });
      },
      // Old notifications are pruned in the background, never on a request (docs/server.md).
      onReady: () => {
        stopPruning = startPruning(notifications, app.log, undefined, (result, seconds) =>
          app.metrics?.jobRun('notifications-prune', result, seconds),
        );
      },
      preClose: async () => {
        await stopPruning?.();
      },
    };
  },
};
