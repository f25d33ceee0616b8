/** `npm start`: build the client when needed, then migrate and serve everything on one port. */
import { buildClientIfNeeded } from './clientBuild';
import { ConfigError, loadConfig } from '../server/config';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
await buildClientIfNeeded();
const { startServer } = await import('../server/main');
await startServer(config);
