/** `npm run dev`: the API server with reload (tsx watch) beside Vite's dev server, which proxies /api, /media and /socket.io. */
import { spawn } from 'node:child_process';

const children = [spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit' }), spawn('npx', ['vite'], { stdio: 'inherit' })];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
