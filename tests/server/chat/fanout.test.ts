import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEvents, type PostDeletedPayload } from '../../../src/api/socket';
import { createFanout, FANOUT_TURN, userRoom } from '../../../server/realtime/fanout';
import { waitFor } from '../chatSockets';

/** A frame to many members goes FANOUT_TURN members a turn (server/realtime/fanout.ts), over a real socket.io server. */
describe('fan-out in turns', () => {
  const members = Array.from({ length: FANOUT_TURN * 2 + 7 }, (_, i) => `member-${i}`);
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'] });
  const got = new Map<string, string[]>();
  const clients: Socket[] = [];
  /** How many members each emit of the fan-out was addressed to, in order, and where other work got a turn. */
  const emits: (number | 'turn')[] = [];
  const fanout = createFanout();

  beforeAll(async () => {
    io.on('connection', (socket) => void socket.join(userRoom(String(socket.handshake.auth.id))));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    for (const id of members) {
      const socket = connect(url, { transports: ['websocket'], auth: { id } });
      got.set(id, []);
      socket.on(serverEvents.postDeleted, ({ postId }: PostDeletedPayload) => void got.get(id)!.push(postId));
      clients.push(socket);
    }
    await waitFor(() => io.of('/').sockets.size === members.length, 'every socket connected', 10_000);
    await waitFor(() => [...io.of('/').sockets.values()].every((socket) => socket.rooms.size === 2), 'every socket in its room');
    fanout.attach({
      to: (rooms) => {
        emits.push(rooms.length);
        return io.to(rooms);
      },
      except: (rooms) => io.except(rooms),
    });
  });
  afterAll(async () => {
    for (const socket of clients) socket.close();
    await io.close();
  });

  it('reaches every member once, frames in order, with other work let in between turns', async () => {
    const first = fanout.toUsersInTurns([...members, members[0]!], serverEvents.postDeleted, { postId: 'first' });
    // Work that arrives while the frame goes out (a request) gets its turn before the frame's last
    // members, not after them all (queued behind the first turn's own yield, it runs after the second).
    setImmediate(() => void emits.push('turn'));
    await first;
    await fanout.toUsersInTurns(members, serverEvents.postDeleted, { postId: 'second' });
    await waitFor(() => members.every((id) => got.get(id)!.length >= 2), 'both frames everywhere');
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const id of members) expect(got.get(id), id).toEqual(['first', 'second']);
    expect(emits).toEqual([FANOUT_TURN, FANOUT_TURN, 'turn', 7, FANOUT_TURN, FANOUT_TURN, 7]);
  });
});
