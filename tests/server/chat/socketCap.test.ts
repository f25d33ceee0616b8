import fs from 'node:fs/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../server/config';
import { CHECKPOINT_NAMESPACE, SOCKET_PATH, serverEvents } from '../../../src/api/socket';
import { startServer, type RunningServer } from '../../../server/main';
import { openSocket, settle, signUpMember, waitFor } from '../chatSockets';
import { dropTestSchema, testConfig } from '../harness';

/** Opens a socket and notes why the server closed it, if it does. */
async function tab(url: string, token: string) {
  const socket: Socket = await openSocket(url, token);
  const state = { socket, closedBy: null as string | null, toldReplaced: false };
  // Told before the close, so the app's tab waits instead of reconnecting (and closing the next oldest).
  socket.on(serverEvents.socketReplaced, () => {
    state.toldReplaced = state.closedBy === null;
  });
  socket.on('disconnect', (reason) => {
    state.closedBy = reason;
  });
  return state;
}

describe('sockets per member', () => {
  let config: Config;
  let server: RunningServer;
  const opened: Socket[] = [];
  beforeAll(async () => {
    config = { ...(await testConfig('sqlite', { env: { MAX_SOCKETS_PER_MEMBER: '3' } })), port: 0 };
    server = await startServer(config, { handleSignals: false });
  });
  afterAll(async () => {
    for (const socket of opened) socket.close();
    await server.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  it('are capped: each socket past MAX_SOCKETS_PER_MEMBER closes the oldest, other members untouched', async () => {
    const member = await signUpMember(server.url);
    const other = await signUpMember(server.url);
    const others = [await tab(server.url, other.token), await tab(server.url, other.token)];
    const tabs: Awaited<ReturnType<typeof tab>>[] = [];
    for (let i = 0; i < 6; i += 1) {
      tabs.push(await tab(server.url, member.token));
      opened.push(tabs[i]!.socket);
    }
    opened.push(...others.map((o) => o.socket));
    await waitFor(() => tabs.slice(0, 3).every((t) => t.closedBy !== null), 'the three oldest sockets to close');
    await settle(200);
    expect(tabs.map((t) => t.closedBy)).toEqual(['io server disconnect', 'io server disconnect', 'io server disconnect', null, null, null]);
    expect(tabs.map((t) => t.toldReplaced)).toEqual([true, true, true, false, false, false]);
    expect(tabs.slice(3).every((t) => t.socket.connected)).toBe(true);
    expect(others.every((o) => o.closedBy === null && o.socket.connected)).toBe(true);
    const sockets = await server.io.in(`user:${member.id}`).fetchSockets();
    expect(sockets).toHaveLength(3);
  });

  it('are capped when many connect at once, the newest kept', async () => {
    const member = await signUpMember(server.url);
    // Some may close before their 'join room' is answered: those are opened without waiting for it.
    const tabs = await Promise.all(Array.from({ length: 12 }, () => tab(server.url, member.token).catch(() => null)));
    opened.push(...tabs.flatMap((t) => (t ? [t.socket] : [])));
    await waitFor(() => tabs.filter((t) => t?.socket.connected).length <= 3, 'the sockets past the cap to close');
    await settle(200);
    const left = await server.io.in(`user:${member.id}`).fetchSockets();
    expect(left).toHaveLength(3);
    expect(tabs.filter((t) => t?.socket.connected)).toHaveLength(3);
  });

  it("are capped on the checkpoint pages' namespace too, counted apart from the main one", async () => {
    const member = await signUpMember(server.url);
    const main = await tab(server.url, member.token);
    opened.push(main.socket);
    const pages: Array<{ socket: Socket; closed: boolean }> = [];
    for (let i = 0; i < 5; i += 1) {
      const socket = connect(`${server.url}${CHECKPOINT_NAMESPACE}`, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        auth: { token: member.token },
        reconnection: false,
        forceNew: true,
      });
      opened.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const page = { socket, closed: false };
      socket.on('disconnect', () => {
        page.closed = true;
      });
      pages.push(page);
    }
    await waitFor(() => pages.filter((p) => p.closed).length >= 2, 'the two oldest checkpoint sockets to close');
    await settle(200);
    expect(pages.map((p) => p.closed)).toEqual([true, true, false, false, false]);
    expect(main.closedBy).toBeNull();
    expect(await server.io.of(CHECKPOINT_NAMESPACE).in(`checkpoint:${member.id}`).fetchSockets()).toHaveLength(3);
  });
});
