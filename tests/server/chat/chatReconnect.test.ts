import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '../../../src/api/paths';
import type { Config } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/main';
import { followConversation } from '../chatCatchUp';
import { http, openSocket, signUpMember, waitFor } from '../chatSockets';
import { dialects, dropTestSchema, testConfig } from '../harness';

describe.each(dialects)('chat across a server restart on %s', (dialect) => {
  let config: Config;
  let server: RunningServer | null = null;
  afterAll(async () => {
    await server?.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  it('a member reconnecting after a restart sees every message once, in order', async () => {
    config = { ...(await testConfig(dialect)), port: 0 };
    server = await startServer(config, { handleSignals: false });
    const port = Number(new URL(server.url).port);
    config = { ...config, port };
    const baseUrl = () => `http://127.0.0.1:${port}`;
    const ann = await signUpMember(baseUrl());
    const bob = await signUpMember(baseUrl());
    const bobSocket = await openSocket(baseUrl(), bob.token, { reconnection: true });
    const bobView = followConversation({ socket: bobSocket, baseUrl, token: bob.token, otherId: ann.id });
    // A server that shuts down closes its sockets' transports ('transport close'), which socket.io
    // clients retry on their own; 'io server disconnect' (a socket ended on purpose) they do not,
    // the app's client does unless its session ended.
    bobSocket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') setTimeout(() => bobSocket.connect(), 100);
    });
    bobSocket.on('connect_error', () => setTimeout(() => bobSocket.connect(), 100));

    /** Ann's client: retries a send (same clientId) until the server has stored it. */
    const sendUntilStored = async (n: number) => {
      for (;;) {
        const answer = await http(baseUrl(), ann.token, 'POST', paths.chat.send, {
          receiverId: bob.id,
          body: `message ${n}`,
          clientId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        }).catch(() => null);
        if (answer?.status === 201) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    const TOTAL = 30;
    const sending = (async () => {
      for (let n = 1; n <= TOTAL; n += 1) await sendUntilStored(n);
    })();
    await waitFor(() => bobView.lastSeq() >= 8, 'the first messages live');
    // Restart in the middle of the conversation.
    await server.close();
    server = null;
    await new Promise((resolve) => setTimeout(resolve, 200));
    server = await startServer(config, { handleSignals: false });
    await sending;
    await waitFor(() => bobView.lastSeq() === TOTAL, `all ${TOTAL} messages`, 15_000);
    await bobView.catchUp();
    expect(bobView.messages.map((m) => m.body)).toEqual(Array.from({ length: TOTAL }, (_, i) => `message ${i + 1}`));
    expect(bobView.messages.map((m) => m.seq)).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));
    expect(new Set(bobView.messages.map((m) => m._id)).size).toBe(TOTAL);
    // And the server holds each exactly once.
    const stored = await http(baseUrl(), bob.token, 'GET', paths.chat.messages(ann.id));
    expect(stored.json.messages.map((m: { body: string }) => m.body)).toEqual(bobView.messages.map((m) => m.body));
    bobSocket.close();
  });
});
