import { createPasswordHasher } from '../../core/passwords';
import type { AreaPlugin } from '../areaPlugin';
import { googleSignInFromConfig } from './google';
import { createPasswordResetService } from './passwordReset';
import { authRoutes } from './routes';
import { createAuthService } from './service';
import { createAuthStore } from './store';
import { createTokenService } from './tokens';
import { createTokenVerifier } from './verifier';

/** Sign-up, sign-in (password and Google), sessions and password resets. */
export const authArea: AreaPlugin = {
  name: 'auth',
  dependencies: ['users', 'twoFactor'],
  build: ({ app, config, clock, database, media, mailer, sessionEvents }, { users, twoFactor }) => {
    const store = createAuthStore(database.db);
    const tokens = createTokenService(config.jwtSecret, clock);
    const hasher = createPasswordHasher(config.passwordHashing);
    const auth = createAuthService({ config, clock, users, store, hasher, tokens, media, sessionEvents, twoFactor });
    const google = googleSignInFromConfig(config, { clock, users, media, issueSession: auth.issueSession, log: app.log });
    const passwordReset = createPasswordResetService({ config, clock, users, store, hasher, mailer, sessionEvents });
    const tokenVerifier = createTokenVerifier({ tokens, store, clock, version: database.authVersion });
    return {
      services: { auth, passwordReset, hasher, tokenVerifier },
      routes: async (api, { uploads }) => {
        await api.register(authRoutes, { config, auth, passwordReset, users, google, uploads });
      },
    };
  },
};
