/**
 * A member's own network to the app: a TCP link in front of the server that a journey can cut and
 * restore, as a train's tunnel cuts a phone's. Chromium's offline emulation (`setOffline`) tells the
 * page it is offline and fails most requests, but not all: a document being navigated away from
 * loses the emulation before it is gone, and the outbox of that page then reached the server while
 * the journey said "offline". Behind a cut link nothing reaches the server, whatever the browser
 * believes. The link keeps the Host the browser sent, so the server takes its origin as its own.
 */
import { connect, createServer, type Socket } from 'node:net';
import { freePort } from './app';

export interface NetworkLink {
  /** What the member's browser opens (its own origin: its storage and service worker live there). */
  url: string;
  /** Drops every open connection and refuses new ones. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function openLink(target: { url: string }): Promise<NetworkLink> {
  const { hostname, port: targetPort } = new URL(target.url);
  const port = await freePort();
  const open = new Set<Socket>();
  let up = true;
  const server = createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(targetPort), hostname);
    const pair = [client, upstream];
    for (const socket of pair) {
      open.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        for (const end of pair) {
          end.destroy();
          open.delete(end);
        }
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const dropAll = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      up = false;
      dropAll();
    },
    restore() {
      up = true;
    },
    close() {
      dropAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
