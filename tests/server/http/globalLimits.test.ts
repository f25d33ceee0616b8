import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, freshAddress, signUp, type TestApp } from '../harness';

/**
 * The global limit, made small (20 a minute) so it shows: the API only, per member when signed
 * in, per address otherwise. A tiny client build stands in for the real one.
 */
describe.each(dialects)('the global rate limit on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      adjust: (config) => ({
        ...config,
        clientDir: path.join(config.dataDir, 'client'),
        rateLimits: { ...config.rateLimits, global: { max: 20, windowMs: 60_000 } },
      }),
      beforeBuild: async (config) => {
        await fs.mkdir(path.join(config.clientDir, 'assets'), { recursive: true });
        await fs.writeFile(path.join(config.clientDir, 'index.html'), '<!doctype html><title>Stoa</title>');
        await fs.writeFile(path.join(config.clientDir, 'assets', 'route-abc123.js'), 'export {};');
        await fs.writeFile(path.join(config.clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      },
    });
  });
  afterAll(() => t.close());

  it("never refuses the app's own files or public media, however many one address asks for", async () => {
    const member = await signUp(t);
    const avatar = member.user.avatarImage;
    expect(avatar).toContain('/media/');
    const ip = freshAddress();
    const urls = ['/assets/route-abc123.js', '/favicon.svg', '/', '/people', new URL(avatar, 'http://x').pathname];
    const statuses = new Set<number>();
    for (let i = 0; i < 30; i += 1) {
      for (const url of urls)
        statuses.add((await t.inject({ method: 'GET', url, remoteAddress: ip, headers: { accept: 'text/html,*/*' } })).statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('gives each signed-in member behind one address their own count', async () => {
    const school = freshAddress();
    const members = [];
    for (let i = 0; i < 30; i += 1) members.push(await signUp(t));
    for (let round = 0; round < 20; round += 1) {
      const answers = await Promise.all(
        members.map((m) => t.api({ method: 'GET', url: '/currentuser', remoteAddress: school, headers: bearer(m.token) })),
      );
      expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    }
    // Each member's own count is spent; another address does not give them more.
    expect(
      (await t.api({ method: 'GET', url: '/currentuser', remoteAddress: freshAddress(), headers: bearer(members[0]!.token) })).statusCode,
    ).toBe(429);
    // Requests without a session are counted per address, apart from the members'.
    for (let i = 0; i < 20; i += 1) expect((await t.api({ method: 'GET', url: '/health', remoteAddress: school })).statusCode).toBe(200);
    const limited = await t.api({ method: 'GET', url: '/health', remoteAddress: school });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts/);
    // A token that does not verify counts as none: it spends the address's count.
    expect((await t.api({ method: 'GET', url: '/health', remoteAddress: school, headers: bearer('forged.token.here') })).statusCode).toBe(
      429,
    );
  });
});
