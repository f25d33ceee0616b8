import { presentOwnUser } from '../../core/presentUser';
import { createPasswordHasher } from '../../core/passwords';
import type { AreaPlugin } from '../areaPlugin';
import { googleSignInFromConfig } from './google';
import { createPasswordResetService } from './passwordReset';
import { authRoutes } from './routes';
import { sessionsRoutes } from './sessions/routes';
import { createSessionDevices } from './sessions/service';
import { createSessionsStore } from './sessions/store';
import { createAuthService } from './service';
import { createAuthStore } from './store';
import { createTokenService } from './tokens';
import { createTokenVerifier } from './verifier';

/** Sign-up, sign-in (password and Google), sessions (where the member is signed in) and password resets. */
export const authArea: AreaPlugin = {
  name: 'auth',
  dependencies: ['users', 'twoFactor'],
  build: ({ app, config, clock, database, media, mailer, sessionEvents }, { users, twoFactor }) => {
    const store = createAuthStore(database.db);
    const tokens = createTokenService(config.jwtSecret, clock);
    const hasher = createPasswordHasher(config.passwordHashing);
    const sessionsStore = createSessionsStore(database.db);
    const devices = createSessionDevices({ config, clock, store: sessionsStore, tokens, mailer, sessionEvents, log: app.log });
    const auth = createAuthService({ config, clock, users, store, hasher, tokens, media, sessionEvents, devices, twoFactor });
    const google = googleSignInFromConfig(config, { clock, users, media, issueSession: auth.issueSession, log: app.log });
    const passwordReset = createPasswordResetService({ config, clock, users, store, hasher, mailer, sessionEvents });
    // Every session let through is marked seen (at most once every few minutes: sessions/service.ts).
    const tokenVerifier = devices.watching(createTokenVerifier({ tokens, store, clock, version: database.authVersion }));
    return {
      services: { auth, passwordReset, hasher, tokenVerifier, sessionDevices: devices },
      routes: async (api, { uploads, services }) => {
        const ownUser = presentOwnUser(services.accountData);
        await api.register(authRoutes, { config, auth, passwordReset, users, google, uploads, ownUser });
        await api.register(sessionsRoutes, { devices });
      },
    };
  },
};
