/**
 * Uploads and memory: the server's resident memory while 8 members each upload the largest image
 * the server accepts (33,177,600 pixels, within MAX_IMAGE_BYTES) at the same moment. Decoding costs
 * memory per pixel, not per byte, so without bounds 8 such uploads would hold 8 decodes at once;
 * the server decodes one image at a time (server/media/imageWork.ts). Goal (issue 16): the
 * server process's RSS grows by less than 200 MB over its warm idle figure.
 *
 * The server runs as its own process (`tsx server/main.ts`), so its RSS is read apart from this
 * load generator's, from /proc/<pid>/status every 10 ms.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerIfNeeded } from '../../scripts/serverBuild';
import { API_BASE } from '../../src/api/paths';
import { letterAvatarDataUrl } from '../../server/media/letterAvatar';
import { picturePng } from '../fixtures/pictures';
import { freePort } from '../e2e/support/app';
import { recordGoal } from './goals';

export const UPLOAD_RSS_GOAL_MB = 200;
const PARALLEL = 8;
/** The largest square upload allowed; BENCH_UPLOAD_SIDE sets another (a control with few pixels). */
const SIDE = Number(process.env.BENCH_UPLOAD_SIDE || 5760);

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};

export interface UploadResult {
  pixels: number;
  fileKb: number;
  idleMb: number;
  peakMb: number;
  growthMb: number;
  seconds: number;
  statuses: number[];
}

export async function measureUploads(log: (line: string) => void = console.log): Promise<UploadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'stoa-bench-uploads-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The server bundle, as `npm start` runs it (scripts/serverBuild.ts).
  const server = spawn(process.execPath, [await buildServerIfNeeded()], {
    // As `npm start` runs it (package.json): two glibc malloc arenas (see server/media/imageWork.ts).
    env: { MALLOC_ARENA_MAX: '2', ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, CLIENT_DIR: join(dir, 'no-client'), LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '10000', DATABASE_URL: '', REDIS_URL: '' },
    stdio: 'ignore',
  });
  try {
    for (let tries = 0; ; tries += 1) {
      if (await fetch(`${url}${API_BASE}/health`).then((r) => r.ok, () => false)) break;
      if (tries > 240) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${url}${API_BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    const tokens: string[] = [];
    for (let i = 0; i < PARALLEL; i += 1) {
      const username = `uploader${i}`;
      const answer = await post('/signup', { username, email: `${username}@bench.test`, password: 'bench-password-123', avatarColor: '#f33e58', avatarImage: await letterAvatarDataUrl(username, '#f33e58') });
      tokens.push(((await answer.json()) as { token: string }).token);
    }
    const big = await picturePng(7, SIDE, SIDE);
    const image = `data:image/png;base64,${big.toString('base64')}`;
    log(`uploads: ${PARALLEL} members, each a ${SIDE}x${SIDE} PNG (${Math.round(big.length / 1024)} KB)`);
    // Warm up: sharp and its thread pool loaded, one small upload through the whole path.
    await post('/post/image/post', { post: 'warm', image: `data:image/png;base64,${(await picturePng(1, 64, 64)).toString('base64')}` }, tokens[0]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleMb = rssMb(server.pid!);
    let peakMb = idleMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server.pid!))), 10);
    const started = Date.now();
    const statuses = await Promise.all(tokens.map((token, i) => post('/post/image/post', { post: `big ${i}`, image }, token).then((r) => r.status)));
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, rssMb(server.pid!));
    return { pixels: SIDE * SIDE, fileKb: Math.round(big.length / 1024), idleMb, peakMb, growthMb: peakMb - idleMb, seconds, statuses };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printUploads(result: UploadResult): void {
  console.table({
    [`${PARALLEL} parallel uploads of ${result.pixels.toLocaleString('en')} pixels`]: {
      'file KB': result.fileKb,
      'idle RSS MB': Math.round(result.idleMb),
      'peak RSS MB': Math.round(result.peakMb),
      'growth MB': Math.round(result.growthMb),
      seconds: result.seconds.toFixed(1),
      answers: [...new Set(result.statuses)].join(' '),
    },
  });
  const met = recordGoal(`upload memory: RSS growth of ${PARALLEL} parallel uploads, all stored`, result.statuses.every((s) => s === 201) ? result.growthMb : Infinity, UPLOAD_RSS_GOAL_MB, 'at most', 'MB');
  console.log(`upload memory goal: RSS growth < ${UPLOAD_RSS_GOAL_MB} MB with every upload stored: ${met ? 'met' : 'NOT met'} (${Math.round(result.growthMb)} MB)`);
}
