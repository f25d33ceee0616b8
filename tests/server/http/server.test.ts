import fs from 'node:fs/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../../src/api/auth';
import { API_BASE, paths } from '../../../src/api/paths';
import { SOCKET_PATH } from '../../../src/api/socket';
import type { Config } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/main';
import { createAdmin } from '../../../server/createAdmin';
import { userRoom } from '../../../server/realtime/index';
import { avatarDataUrl, dialects, dropTestSchema, testConfig } from '../harness';

function socketFor(url: string, token?: string): Promise<{ socket: Socket; error?: Error }> {
  const socket = connect(url, { path: SOCKET_PATH, transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => resolve({ socket, error }));
  });
}

describe.each(dialects)('the real server on %s', (dialect) => {
  let config: Config;
  let server: RunningServer;
  beforeAll(async () => {
    config = { ...(await testConfig(dialect)), port: 0 };
    server = await startServer(config, { handleSignals: false });
  });
  afterAll(async () => {
    await server.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  it('answers real HTTP requests on the port it reports', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}${API_BASE}${paths.health}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: dialect });
  });

  it('accepts a socket with a live token into its own room, and refuses one without', async () => {
    const signup = await fetch(`${server.url}${API_BASE}${paths.auth.signup}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'socket_member',
        email: 'socket@example.org',
        password: 'a long password',
        avatarColor: '#f33e58',
        avatarImage: await avatarDataUrl(),
      }),
    });
    expect(signup.status).toBe(201);
    const { token, user } = authResponseSchema.parse(await signup.json());

    const member = await socketFor(server.url, token);
    expect(member.error).toBeUndefined();
    const inRoom = await server.io.in(userRoom(user._id)).fetchSockets();
    expect(inRoom).toHaveLength(1);

    const anonymous = await socketFor(server.url);
    expect(anonymous.error?.message).toBe('Please sign in to continue');
    const forged = await socketFor(server.url, `${token}x`);
    expect(forged.error?.message).toBe('Session expired, please sign in again');
    anonymous.socket.close();
    forged.socket.close();

    // Shutting down with a socket still open must not hang.
    const disconnected = new Promise((resolve) => member.socket.once('disconnect', resolve));
    await server.close();
    await disconnected;
    await expect(fetch(`${server.url}${API_BASE}${paths.health}`)).rejects.toThrow();
  });

  it('creates admins from a script through createAdmin', async () => {
    const admin = await createAdmin({ username: 'first_admin', email: 'Admin@Example.org', password: 'a long admin password' }, config);
    expect(admin).toMatchObject({ username: 'first_admin', email: 'admin@example.org', role: 'ADMIN', avatarColor: '#f33e58' });
    await expect(
      createAdmin({ username: 'FIRST_ADMIN', email: 'other@example.org', password: 'a long admin password' }, config),
    ).rejects.toThrow('Username is already taken');
    await expect(createAdmin({ username: 'x', email: 'y@example.org', password: 'a long admin password' }, config)).rejects.toThrow(
      'Username must be at least 3 characters',
    );
  });
});
