/**
 * `npm start`'s first half (npm runs `prestart` before `start`): stop early on a bad setting,
 * build the client and the server bundle when their sources changed. `start` then runs the
 * bundle with node (scripts/serverBuild.ts says why not through tsx).
 */
import { buildClientIfNeeded } from './clientBuild';
import { buildServerIfNeeded } from './serverBuild';
import { ConfigError, loadConfig } from '../server/config';

try {
  loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
await buildClientIfNeeded();
await buildServerIfNeeded();
