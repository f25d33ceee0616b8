import { spawn } from 'node:child_process';
import path from 'node:path';
import { API_BASE } from '../../../src/api/paths';
import { loadConfig, type Config } from '../../../server/config';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Runs `npm run <script> -- <args>` as an operator would, with DATA_DIR (and DATABASE_URL only when given). */
export function npmRun(
  script: string,
  args: string[],
  dataDir: string,
  extra: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  Object.assign(env, extra);
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

/** A server config on `dataDir` as `npm start` reads it: the JWT secret generated into (or read from) DATA_DIR. */
export function serverConfig(dataDir: string, env: Record<string, string> = {}): Config {
  const config = loadConfig({
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    RATE_LIMIT_SCALE: '1000',
    ...env,
  });
  return { ...config, passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 } };
}

export async function post(url: string, route: string, token: string | null, body: unknown): Promise<Response> {
  return fetch(`${url}${API_BASE}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** Runs a command (pg_dump, pg_restore) and answers its exit code and output. */
export function runCommand(command: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}
