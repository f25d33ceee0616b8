import fs from 'node:fs/promises';
import type { Socket as TcpSocket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serverEvents } from '../../../src/api/socket';
import type { Config } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/main';
import { openSocket, signUpMember, waitFor } from '../chatSockets';
import { testConfig } from '../harness';

let config: Config;
let server: RunningServer;
beforeAll(async () => {
  config = { ...(await testConfig('sqlite')), port: 0 };
  server = await startServer(config, { handleSignals: false });
});
afterAll(async () => {
  await server.close();
  await fs.rm(config.dataDir, { recursive: true, force: true });
});

/** The member's one connection's TCP socket on the server, with its writes counted. */
function countWrites() {
  const clients = Object.values((server.io.engine as unknown as { clients: Record<string, { request: { socket: TcpSocket } }> }).clients);
  expect(clients).toHaveLength(1);
  const tcp = clients[0]!.request.socket as TcpSocket & Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const counted = { writes: 0 };
  for (const name of ['_write', '_writev'] as const) {
    const original = tcp[name].bind(tcp);
    tcp[name] = (...args: unknown[]) => {
      counted.writes += 1;
      return original(...args);
    };
  }
  return counted;
}

it("sends one socket a turn's frames in two writes, in order, and holds none past the turn", async () => {
  const member = await signUpMember(server.url);
  const socket = await openSocket(server.url, member.token);
  try {
    const got: number[] = [];
    socket.on(serverEvents.userOnline, (payload: { n: number }) => got.push(payload.n));
    const counted = countWrites();
    const rooms = server.app.services.chatRooms as unknown as { toUsers(ids: string[], event: string, payload: unknown): void };

    // Four frames in one turn (as a chat send's events to its receiver): the first, then the rest together.
    await Promise.resolve().then(() => {
      for (const n of [1, 2, 3, 4]) rooms.toUsers([member.id], serverEvents.userOnline, { n });
    });
    await waitFor(() => got.length === 4, 'the four frames');
    expect(got).toEqual([1, 2, 3, 4]);
    expect(counted.writes).toBe(2);

    // Frames of separate turns are not held for one another: each leaves with its own turn.
    rooms.toUsers([member.id], serverEvents.userOnline, { n: 5 });
    await waitFor(() => got.length === 5, 'the fifth frame');
    await new Promise((resolve) => setTimeout(resolve, 20));
    rooms.toUsers([member.id], serverEvents.userOnline, { n: 6 });
    await waitFor(() => got.length === 6, 'the sixth frame');
    expect(got).toEqual([1, 2, 3, 4, 5, 6]);
    expect(counted.writes).toBe(4);
  } finally {
    socket.close();
  }
});
