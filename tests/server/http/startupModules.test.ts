import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfNeeded } from '../../../scripts/serverBuild';

/**
 * What a started server holds: the packages only some configurations or some requests need are
 * loaded on first use (server/lazyModule.ts, or import() where the caller is async), so a server on
 * SQLite with media on disk, no Redis, no SMTP and no metrics token, that has signed no one in,
 * holds none of them (docs/benchmarks/chat.md, "Server RSS").
 */
const LOADED_ON_FIRST_USE = [
  'pg',
  'ioredis',
  '@socket.io/redis-adapter',
  'nodemailer',
  'sharp',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  'prom-client',
  '@node-rs/argon2',
  'qrcode',
  'bowser',
  'pino-pretty',
  'archiver',
];

const packageOf = (file: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];

let bundle: string;
let dir: string;

beforeAll(async () => {
  bundle = await buildServerIfNeeded();
  dir = mkdtempSync(join(tmpdir(), 'stoa-startup-modules-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the server as started', () => {
  it('imports none of them statically (build/server.mjs, what `npm start` runs)', () => {
    const imported = [...readFileSync(bundle, 'utf8').matchAll(/^import\b[^;]*?\bfrom\s+"([^"]+)"/gm)].map((match) => match[1]);
    expect(imported.length).toBeGreaterThan(10);
    expect(imported.filter((name) => LOADED_ON_FIRST_USE.some((lazy) => name === lazy || name.startsWith(`${lazy}/`)))).toEqual([]);
  });

  it('has required none of them once listening', async () => {
    // The bundle's startServer in a fresh process (the test runner's own process has loaded much else).
    const script = `
      import { createRequire } from 'node:module';
      const { startServer } = await import(${JSON.stringify(bundle)});
      const server = await startServer(undefined, { handleSignals: false });
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      await server.close();
      console.log(JSON.stringify(loaded));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dir,
        CLIENT_DIR: join(dir, 'no-client'),
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'silent',
        LOG_FORMAT: 'json',
      },
    });
    const packages = new Set((JSON.parse(stdout.trim().split('\n').at(-1)!) as string[]).map(packageOf));
    // What the started server does load, so that the check reads the right cache.
    expect(packages).toContain('better-sqlite3');
    expect(LOADED_ON_FIRST_USE.filter((name) => packages.has(name))).toEqual([]);
  });
});
