import { describe, expect, it } from 'vitest';
import { runStorm, type StormBackend } from '../chatStorm';

const backends: [string, StormBackend][] = [['SQLite, one process', { kind: 'sqlite' }]];
if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) {
  backends.push([
    'PostgreSQL + Redis, two processes',
    { kind: 'postgres', databaseUrl: process.env.TEST_DATABASE_URL, redisUrl: process.env.TEST_REDIS_URL },
  ]);
}

/**
 * The reconnect storm, small (`npm run bench -- --only storm` runs the large one):
 * 30 clients made of the app's socket and chat machines, in 3 one-to-one conversations and 5
 * group chats, 300 messages sent over 8 s, 20% of the clients dropped every second, and the
 * (first) server process SIGKILLed midway and started again on the same data and port.
 */
describe.each(backends)('a reconnect storm on %s', (_name, backend) => {
  it('leaves every client with every message of its conversations exactly once, in order, and loses nothing acknowledged', async () => {
    const report = await runStorm({
      clients: 30,
      privateConversations: 3,
      groups: 5,
      messages: 300,
      sendMs: 8000,
      dropEveryMs: 1000,
      dropShare: 0.2,
      backend,
      tabs: 'machine',
      waitMs: 60_000,
    });
    expect(report.problems).toEqual([]);
    expect(report.stored).toBe(300);
    // The storm did happen: connections were dropped and came back, and the server was down a while
    // (sends that failed then are tried again with the same clientId, by the chat machine itself
    // or by the storm's Retry after it gives up: stored once, as checked above).
    expect(report.drops).toBeGreaterThan(0);
    expect(report.reconnects).toBeGreaterThanOrEqual(report.drops);
    expect(report.downMs).toBeGreaterThan(0);
    expect(report.acknowledged).toBeGreaterThan(0);
  }, 300_000);
});
