/**
 * `npm run seed`: a small living community in the configured database (DATA_DIR / DATABASE_URL),
 * made through the real API (scripts/seed/community.ts), plus an admin. Running it again adds
 * nothing. It ends by saying which accounts to try.
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { mediaRootOf, migrateToLatest } from '../server/db/migrate';
import { buildApp } from '../server/http/app';
import { createAdmin } from '../server/createAdmin';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedCommunity } from './seed/community';
import { recordSeedVideo } from './seed/video';

// The seed makes in a minute what members make in days: the per-member limits are widened for it.
const config = loadConfig({ ...process.env, RATE_LIMIT_SCALE: '1000' });
const database = await openDatabase(config.database);
await migrateToLatest(database, { mediaRoot: mediaRootOf(config) });
const app = await buildApp({ ...config, logLevel: 'warn' as const, logFormat: 'json' as const }, { database });
try {
  await seedCommunity(app, { log: console.log, video: () => recordSeedVideo().catch(() => null) });
} finally {
  await app.close();
}
try {
  await createAdmin({ username: 'admin', email: 'admin@stoa.test', password: DEMO_PASSWORD }, config);
  console.log('admin admin@stoa.test: created');
} catch (error) {
  console.log(`admin admin@stoa.test: already there (${error instanceof Error ? error.message : error})`);
}
// Say `npm start` only when no server answers yet on the configured port.
const running = await fetch(`http://${config.host}:${config.port}/api/v1/config`, { signal: AbortSignal.timeout(1000) }).then(
  (response) => response.ok,
  () => false,
);
const accounts = DEMO_MEMBERS.map((name) => `${name}@stoa.test`).join(', ');
console.log(
  running
    ? `\nThe server at http://${config.host}:${config.port} is running: sign in as any of ${accounts}`
    : `\nTry it: npm start, then sign in as any of ${accounts}`,
);
console.log(`(or admin@stoa.test at /admin); every demo account's password is "${DEMO_PASSWORD}".`);
