import { z } from 'zod';
import { signUpBodySchema, type User } from '../src/api/auth';
import { DEFAULT_AVATAR_COLOR } from '../src/api/constants';
import { systemClock } from './clock';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { mediaRootOf, migrateToLatest } from './db/migrate';
import { openMediaStorage } from './media/mediaStore';
import { presentUser } from './core/presentUser';
import { createUserStore } from './modules/users/store';
import { createPasswordHasher } from './core/passwords';
import { createAuthService } from './modules/auth/service';
import { createAuthStore } from './modules/auth/store';
import { createTokenService } from './modules/auth/tokens';

/** The sign-up rules, minus the drawn avatar a script has no canvas for. */
export const createAdminInputSchema = signUpBodySchema
  .omit({ avatarImage: true, avatarColor: true })
  .extend({ avatarColor: signUpBodySchema.shape.avatarColor.default(DEFAULT_AVATAR_COLOR) });
export type CreateAdminInput = z.input<typeof createAdminInputSchema>;

/**
 * Makes an ADMIN account straight in the database, for `npm run create-admin` and seeding: no
 * HTTP, no invite code. Opens and migrates the configured database and closes it again.
 * Throws an Error whose message is fit to print (a validation rule or "Username is already taken").
 */
export async function createAdmin(input: CreateAdminInput, config: Config = loadConfig()): Promise<User> {
  const parsed = createAdminInputSchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid admin details');
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database, { mediaRoot: mediaRootOf(config) });
    const users = createUserStore(database.db);
    const media = openMediaStorage(config, systemClock);
    const service = createAuthService({
      config,
      clock: systemClock,
      users,
      store: createAuthStore(database.db),
      hasher: createPasswordHasher(config.passwordHashing),
      tokens: createTokenService(config.jwtSecret, systemClock),
      media,
    });
    const user = await service.createAdmin({ ...parsed.data, avatarImage: '' }).finally(() => media.close());
    return presentUser(user);
  } finally {
    await database.destroy();
  }
}
