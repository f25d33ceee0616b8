/**
 * Uploads and memory: the server's resident memory while 8 members each upload the largest image
 * the server accepts (33,177,600 pixels, within MAX_IMAGE_BYTES) at the same moment. Decoding costs
 * memory per pixel, not per byte, so without bounds 8 such uploads would hold 8 decodes at once;
 * the server decodes one image at a time (server/media/imageWork.ts). Goal: the
 * server process's RSS grows by less than 200 MB over its warm idle figure.
 *
 * Then what hurts by its size rather than its pixels, sent as the client sends files (multipart,
 * streamed from disk by this load generator): 8 parallel 10 MB images, 4 parallel videos of
 * BENCH_VIDEO_MB (95 MB by default, under MAX_VIDEO_BYTES), and a mix of the two. Same goal for
 * each: RSS growth < 200 MB with every upload stored (the server streams them to a temporary file
 * and processes them from disk; issue "Hardening II").
 *
 * The server runs as its own process (`tsx server/main.ts`), so its RSS is read apart from this
 * load generator's, from /proc/<pid>/status every 10 ms.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerIfNeeded } from '../../scripts/serverBuild';
import { API_BASE } from '../../src/api/paths';
import { uploadForm } from '../../src/api/media/uploads';
import { letterAvatarDataUrl } from '../../server/media/letterAvatar';
import sharp from 'sharp';
import { picturePng } from '../fixtures/pictures';
import { freePort } from '../e2e/support/app';
import { recordGoal } from './goals';
import { benchPlan } from './quick';

export const UPLOAD_RSS_GOAL_MB = 200;
const PARALLEL = 8;
/** The largest square upload allowed; BENCH_UPLOAD_SIDE sets another (a control with few pixels). */
const SIDE = Number(process.env.BENCH_UPLOAD_SIDE || 5760);

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};

/** One scenario of large files: what was sent, the RSS growth it cost, and the answers. */
export interface SizeCase {
  name: string;
  megabytes: number;
  idleMb: number;
  peakMb: number;
  growthMb: number;
  seconds: number;
  statuses: number[];
}

export interface UploadResult {
  cases: SizeCase[];
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
    env: {
      MALLOC_ARENA_MAX: '2',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      CLIENT_DIR: join(dir, 'no-client'),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_SCALE: '10000',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: 'ignore',
  });
  try {
    for (let tries = 0; ; tries += 1) {
      if (
        await fetch(`${url}${API_BASE}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (tries > 240) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${url}${API_BASE}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const tokens: string[] = [];
    for (let i = 0; i < PARALLEL + 4; i += 1) {
      const username = `uploader${i}`;
      const answer = await post('/signup', {
        username,
        email: `${username}@bench.test`,
        password: 'bench-password-123',
        avatarColor: '#f33e58',
        avatarImage: await letterAvatarDataUrl(username, '#f33e58'),
      });
      tokens.push(((await answer.json()) as { token: string }).token);
    }
    const big = await picturePng(7, SIDE, SIDE);
    const image = `data:image/png;base64,${big.toString('base64')}`;
    log(`uploads: ${PARALLEL} members, each a ${SIDE}x${SIDE} PNG (${Math.round(big.length / 1024)} KB)`);
    // Warm up: sharp and its thread pool loaded, one small upload through the whole path.
    await post(
      '/post/image/post',
      { post: 'warm', image: `data:image/png;base64,${(await picturePng(1, 64, 64)).toString('base64')}` },
      tokens[0],
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleMb = rssMb(server.pid!);
    let peakMb = idleMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server.pid!))), 10);
    const started = Date.now();
    const statuses = await Promise.all(
      tokens.slice(0, PARALLEL).map((token, i) => post('/post/image/post', { post: `big ${i}`, image }, token).then((r) => r.status)),
    );
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, rssMb(server.pid!));

    // Files by size: a 10 MB noise PNG (noise does not compress), an MP4 of BENCH_VIDEO_MB.
    const imageFile = join(dir, 'noise.png');
    const sideOf10Mb = 1800;
    writeFileSync(
      imageFile,
      await sharp(randomBytes(sideOf10Mb * sideOf10Mb * 3), { raw: { width: sideOf10Mb, height: sideOf10Mb, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
    const videoMb = Number(process.env.BENCH_VIDEO_MB || benchPlan().uploads.videoMb);
    const videoFile = join(dir, 'long.mp4');
    const ftyp = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
    const mdatSize = videoMb * 1024 * 1024 - ftyp.length;
    const mdatHeader = Buffer.alloc(8);
    mdatHeader.writeUInt32BE(mdatSize, 0);
    mdatHeader.write('mdat', 4, 'latin1');
    writeFileSync(videoFile, Buffer.concat([ftyp, mdatHeader, Buffer.alloc(mdatSize - 8, 7)]));
    const send = async (token: string, kind: 'image' | 'video') => {
      const file = await openAsBlob(kind === 'image' ? imageFile : videoFile);
      const answer = await fetch(`${url}${API_BASE}/post/${kind}/post`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: uploadForm({ post: kind, [kind]: file }, [kind]),
      });
      await answer.arrayBuffer();
      return answer.status;
    };
    const cases: SizeCase[] = [];
    const measure = async (name: string, kinds: ('image' | 'video')[]) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const before = rssMb(server.pid!);
      let peak = before;
      const sampling = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 10);
      const at = Date.now();
      const answers = await Promise.all(kinds.map((kind, i) => send(tokens[i]!, kind)));
      clearInterval(sampling);
      peak = Math.max(peak, rssMb(server.pid!));
      const megabytes = kinds.reduce((sum, kind) => sum + (kind === 'image' ? 9.3 : videoMb), 0);
      cases.push({
        name,
        megabytes: Math.round(megabytes),
        idleMb: before,
        peakMb: peak,
        growthMb: peak - before,
        seconds: (Date.now() - at) / 1000,
        statuses: answers,
      });
      log(`uploads: ${name}: ${Math.round(peak - before)} MB of RSS growth, answers ${[...new Set(answers)].join(' ')}`);
    };
    await measure(
      '8 parallel 10 MB images',
      Array.from({ length: 8 }, () => 'image' as const),
    );
    await measure(
      `4 parallel ${videoMb} MB videos`,
      Array.from({ length: 4 }, () => 'video' as const),
    );
    await measure(`a mix: 4 images and 2 videos`, ['image', 'video', 'image', 'video', 'image', 'image']);
    return {
      cases,
      pixels: SIDE * SIDE,
      fileKb: Math.round(big.length / 1024),
      idleMb,
      peakMb,
      growthMb: peakMb - idleMb,
      seconds,
      statuses,
    };
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
  console.table(
    Object.fromEntries(
      result.cases.map((one) => [
        one.name,
        {
          'MB sent': one.megabytes,
          'idle RSS MB': Math.round(one.idleMb),
          'peak RSS MB': Math.round(one.peakMb),
          'growth MB': Math.round(one.growthMb),
          seconds: one.seconds.toFixed(1),
          answers: [...new Set(one.statuses)].join(' '),
        },
      ]),
    ),
  );
  for (const one of result.cases) {
    const stored = one.statuses.every((s) => s === 201);
    const ok = recordGoal(
      `upload memory: RSS growth of ${one.name}, all stored`,
      stored ? one.growthMb : Infinity,
      UPLOAD_RSS_GOAL_MB,
      'at most',
      'MB',
    );
    console.log(
      `upload memory goal (${one.name}): RSS growth < ${UPLOAD_RSS_GOAL_MB} MB with every upload stored: ${ok ? 'met' : 'NOT met'} (${Math.round(one.growthMb)} MB)`,
    );
  }
  const met = recordGoal(
    `upload memory: RSS growth of ${PARALLEL} parallel uploads, all stored`,
    result.statuses.every((s) => s === 201) ? result.growthMb : Infinity,
    UPLOAD_RSS_GOAL_MB,
    'at most',
    'MB',
  );
  console.log(
    `upload memory goal: RSS growth < ${UPLOAD_RSS_GOAL_MB} MB with every upload stored: ${met ? 'met' : 'NOT met'} (${Math.round(result.growthMb)} MB)`,
  );
}
