import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../../src/api/auth';
import { API_BASE, METRICS_PATH, paths } from '../../../src/api/paths';
import { SOCKET_PATH, clientEvents } from '../../../src/api/socket';
import type { Config } from '../../../server/config';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database';
import { mediaRootOf, migrateToLatest } from '../../../server/db/migrate';
import { buildApp } from '../../../server/http/app';
import { attachRealtime } from '../../../server/realtime/index';
import type { FastifyInstance } from 'fastify';
import { newMember, testConfig } from '../harness';

const TOKEN = 'metrics-token-for-tests-0123456789';

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

/** A listening server as main.ts makes one, with its JSON log lines kept (trusting the local proxy). */
describe('a listening server: socket request ids, the sockets and uploads gauges', () => {
  let config: Config;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let url: string;
  const lines: Record<string, unknown>[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    config = {
      ...(await testConfig('sqlite', { env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'debug', LOG_FORMAT: 'json' } })),
      port: 0,
    };
    database = await openDatabase(config.database);
    await migrateToLatest(database, { mediaRoot: mediaRootOf(config) });
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    app = await buildApp(config, { database, logStream });
    attachRealtime(app, { verify: app.verifyToken });
    await app.listen({ host: config.host, port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app.close();
    await database.destroy();
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  const gauge = async () => {
    const text = await (await fetch(`${url}${METRICS_PATH}`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    return Number(/^stoa_sockets_connected (\S+)$/m.exec(text)?.[1]);
  };

  it('counts an upload while its body arrives, and no longer once it ends', async () => {
    const signup = await fetch(`${url}${API_BASE}${paths.auth.signup}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await newMember()),
    });
    const { token } = authResponseSchema.parse(await signup.json());
    const uploads = async () => {
      const text = await (await fetch(`${url}${METRICS_PATH}`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      return [Number(/^stoa_uploads_in_flight (\S+)$/m.exec(text)?.[1]), Number(/^stoa_upload_bytes_in_flight (\S+)$/m.exec(text)?.[1])];
    };
    expect(await uploads()).toEqual([0, 0]);
    const declared = 200_000;
    const request = http.request(`${url}${API_BASE}${paths.posts.createImage}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=xyz',
        'content-length': String(declared),
      },
    });
    request.on('error', () => undefined);
    const answered = new Promise<void>((resolve) => {
      request.on('response', (response) => response.resume().on('end', resolve));
      request.on('close', resolve);
    });
    request.write('--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n');
    let seen = [0, 0];
    for (let i = 0; i < 100 && seen[0] === 0; i += 1) {
      seen = await uploads();
      if (seen[0] === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toEqual([1, declared]);
    request.destroy();
    await answered;
    for (let i = 0; i < 100 && seen[0] !== 0; i += 1) {
      seen = await uploads();
      if (seen[0] !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toEqual([0, 0]);
  });

  it("logs a socket's connection, its events and its end with its handshake's request id, and counts it", async () => {
    const signup = await fetch(`${url}${API_BASE}${paths.auth.signup}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await newMember()),
    });
    expect(signup.status).toBe(201);
    const { token } = authResponseSchema.parse(await signup.json());
    expect(await gauge()).toBe(0);

    const socket = connect(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      extraHeaders: { 'x-request-id': 'socket-handshake-7' },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await until(() => lines.some((line) => line.msg === 'socket connected'), 'the connection line');
    expect(lines.find((line) => line.msg === 'socket connected')).toMatchObject({ reqId: 'socket-handshake-7', socketId: socket.id });
    expect(await gauge()).toBe(1);

    socket.emit(clientEvents.joinRoom, {});
    await until(() => lines.some((line) => line.msg === 'socket event'), 'the event line');
    expect(lines.find((line) => line.msg === 'socket event')).toMatchObject({ reqId: 'socket-handshake-7', event: clientEvents.joinRoom });

    socket.disconnect();
    await until(() => lines.some((line) => line.msg === 'socket disconnected'), 'the disconnection line');
    expect(lines.find((line) => line.msg === 'socket disconnected')).toMatchObject({ reqId: 'socket-handshake-7' });
    // The namespace's end is logged first; the connection under it closes a moment later.
    let connected = await gauge();
    for (let i = 0; i < 100 && connected !== 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      connected = await gauge();
    }
    expect(connected).toBe(0);
  });
});
