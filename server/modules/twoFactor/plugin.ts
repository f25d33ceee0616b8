import { presentOwnUser } from '../../core/presentUser';
import { createPasswordHasher } from '../../core/passwords';
import type { AreaPlugin } from '../areaPlugin';
import { createChallenges } from './challenges';
import { twoFactorRoutes } from './routes';
import { createSecretBox } from './secretBox';
import { createTwoFactorService } from './service';
import { createTwoFactorStore } from './store';

/**
 * Two-factor sign-in (TOTP): the secret, its recovery codes and the sign-in's second step. Built
 * before auth, whose password sign-in asks `isOn` and hands out its challenge; its own second-step
 * route issues the session through auth (read when routes are registered, all areas built).
 */
export const twoFactorArea: AreaPlugin = {
  name: 'twoFactor',
  dependencies: ['users'],
  build: ({ config, clock, database }, { users }) => {
    const twoFactor = createTwoFactorService({
      config,
      clock,
      users,
      store: createTwoFactorStore(database.db),
      box: createSecretBox(config.jwtSecret),
      challenges: createChallenges(config.jwtSecret, clock),
      hasher: createPasswordHasher(config.passwordHashing),
    });
    return {
      services: { twoFactor },
      routes: async (api, { services }) => {
        await api.register(twoFactorRoutes, { config, twoFactor, auth: services.auth, ownUser: presentOwnUser(services.accountData) });
      },
    };
  },
};
