import path from 'node:path';
import type { AreaPlugin } from '../areaPlugin';
import { createAccountEraser } from './deletion';
import { accountDataRoutes } from './routes';
import { createAccountDataService, startSweeping } from './service';
import { createAccountDataStore } from './store';

/** Leaving with your data: the member's export and the deletion of their account. */
export const accountDataArea: AreaPlugin = {
  name: 'accountData',
  dependencies: ['auth', 'notifications', 'twoFactor'],
  build: ({ app, config, database, clock, media, sessionEvents }, built) => {
    const accountData = createAccountDataService({
      database,
      store: createAccountDataStore(database),
      media,
      clock,
      exportsDir: path.join(config.dataDir, 'exports'),
      secret: config.jwtSecret,
      hasher: built.hasher,
      twoFactor: built.twoFactor,
      notifications: built.notifications,
      erase: createAccountEraser({ database, media, clock, sessionEvents, log: app.log }),
      log: app.log,
    });
    let stopSweeping: (() => Promise<void>) | undefined;
    return {
      services: { accountData },
      routes: async (api) => {
        await api.register(accountDataRoutes, { accountData });
      },
      // Failed jobs, expired archives and due deletions are swept in the background (docs/server.md).
      onReady: () => {
        stopSweeping = startSweeping(accountData, app.log, config.accountSweepMs);
      },
      preClose: async () => {
        await stopSweeping?.();
        await accountData.settle();
      },
    };
  },
};
