/**
 * `npm run seed`: a small demo community in the configured database (DATA_DIR / DATABASE_URL).
 * Members sign up through the real API (so every rule applies) with avatars drawn like the
 * client draws them; an admin is created too. Running it again skips who already exists.
 */
import { AVATAR_COLORS } from '../src/api/constants';
import { paths, API_BASE } from '../src/api/paths';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { mediaRootOf, migrateToLatest } from '../server/db/migrate';
import { buildApp } from '../server/http/app';
import { letterAvatarDataUrl } from '../server/media/letterAvatar';
import { createAdmin } from '../server/modules/auth/createAdmin';

export const DEMO_PASSWORD = 'stoa-demo-password';
const MEMBERS = ['ada', 'grace', 'alan', 'katherine', 'linus', 'margaret', 'tim', 'barbara'];

const config = loadConfig();
const database = await openDatabase(config.database);
await migrateToLatest(database, { mediaRoot: mediaRootOf(config) });
const app = await buildApp({ ...config, logLevel: 'warn' as const }, { database });
try {
  for (const [index, username] of MEMBERS.entries()) {
    const avatarColor = AVATAR_COLORS[index % AVATAR_COLORS.length];
    const response = await app.inject({
      method: 'POST',
      url: `${API_BASE}${paths.auth.signup}`,
      remoteAddress: `198.51.100.${index + 1}`,
      payload: { username, email: `${username}@stoa.test`, password: DEMO_PASSWORD, avatarColor, avatarImage: await letterAvatarDataUrl(username, avatarColor) },
    });
    const outcome = response.statusCode === 201 ? 'created' : `skipped (${response.json().message})`;
    console.log(`member ${username}@stoa.test: ${outcome}`);
  }
} finally {
  await app.close();
}
try {
  await createAdmin({ username: 'admin', email: 'admin@stoa.test', password: DEMO_PASSWORD }, config);
  console.log('admin admin@stoa.test: created');
} catch (error) {
  console.log(`admin admin@stoa.test: skipped (${error instanceof Error ? error.message : error})`);
}
console.log(`Every demo account's password is "${DEMO_PASSWORD}".`);
