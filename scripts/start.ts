/** `npm start`: build the client when needed, then migrate and serve everything on one port. */
import { buildClientIfNeeded } from './clientBuild';

await buildClientIfNeeded();
const { startServer } = await import('../server/main');
await startServer();
