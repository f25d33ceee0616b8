import fs from 'node:fs/promises';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CURRENT_SESSION_NOT_ENDED,
  SESSION_ENDED_MESSAGE,
  SESSION_NOT_FOUND,
  accountSessionsResponseSchema,
  type AccountSession,
} from '../../../src/api/account/sessions';
import { BANNED_MESSAGE } from '../../../src/api/constants';
import { paths } from '../../../src/api/paths';
import { serverEvents } from '../../../src/api/socket';
import type { Config } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/main';
import { LAST_SEEN_EVERY_MS } from '../../../server/modules/auth/sessions/service';
import { readDevice } from '../../../server/modules/auth/sessions/device';
import { http, openSocket, signUpMember } from '../chatSockets';
import { bearer, createTestApp, dialects, dropTestSchema, signUp, testConfig, type TestApp } from '../harness';
import { readOutbox } from '../outbox';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const { list, endOthers } = paths.accountSessions;
const end = (id: string) => paths.accountSessions.end(id);

describe('the device of a sign-in, in words', () => {
  it('reads browser and system names (no versions) from the user agent, and nothing from nothing', () => {
    expect(readDevice(CHROME_LINUX)).toEqual({ browser: 'Chrome', system: 'Linux' });
    expect(readDevice(FIREFOX_WINDOWS)).toEqual({ browser: 'Firefox', system: 'Windows' });
    expect(readDevice(SAFARI_IPHONE)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(readDevice(undefined)).toEqual({ browser: '', system: '' });
    expect(readDevice('   ')).toEqual({ browser: '', system: '' });
    expect(readDevice('curl/8.0')).toEqual({ browser: '', system: '' });
  });
});

describe.each(dialects)('where you are signed in on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const signIn = async (username: string, password: string, userAgent = CHROME_LINUX) => {
    const response = await t.api({
      method: 'POST',
      url: '/signin',
      headers: { 'user-agent': userAgent },
      payload: { provider: 'local', username, password },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().token as string;
  };
  const sessionOf = (token: string) => decodeJwt(token).jti!;
  const listed = async (token: string): Promise<AccountSession[]> => {
    const response = await t.api({ method: 'GET', url: list, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return accountSessionsResponseSchema.parse(response.json()).sessions;
  };
  const lastSeenOf = async (sessionId: string) =>
    (await t.database.db.selectFrom('session_activity').select('last_seen_at').where('session_id', '=', sessionId).executeTakeFirst())
      ?.last_seen_at;

  it('lists every live session with its device in words, the current one first and marked', async () => {
    const member = await signUp(t);
    const phone = await signIn(member.body.username, member.body.password, SAFARI_IPHONE);
    const laptop = await signIn(member.body.username, member.body.password, FIREFOX_WINDOWS);
    const sessions = await listed(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({
      _id: sessionOf(laptop),
      browser: 'Firefox',
      system: 'Windows',
      device: 'Firefox on Windows',
      current: true,
    });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const iphone = sessions.find((s) => s._id === sessionOf(phone))!;
    expect(iphone).toMatchObject({ device: 'Safari on iOS', current: false });
    expect(iphone.lastSeenAt >= iphone.firstSeenAt).toBe(true);
    // The sign-up's session (light-my-request's user agent names no browser).
    expect(sessions.find((s) => s._id === sessionOf(member.token))).toMatchObject({ device: 'Unknown browser on unknown system' });
    // Another member sees only their own.
    const other = await signUp(t);
    expect((await listed(other.token)).map((s) => s._id)).toEqual([sessionOf(other.token)]);
  });

  it('moves last seen at most once every few minutes, and never moves the auth version', async () => {
    const member = await signUp(t);
    const token = await signIn(member.body.username, member.body.password);
    const id = sessionOf(token);
    const first = await lastSeenOf(id);
    expect(first).toEqual(expect.any(String));
    await listed(token);
    await listed(token);
    expect(await lastSeenOf(id)).toBe(first);
    const version = await t.database.authVersion?.current();
    t.clock.advance(LAST_SEEN_EVERY_MS + 1000);
    try {
      await listed(token);
      await vi.waitFor(async () => expect(await lastSeenOf(id)).not.toBe(first));
      const moved = (await lastSeenOf(id))!;
      expect(moved > first!).toBe(true);
      expect((await listed(token)).find((s) => s._id === id)!.lastSeenAt).toBe(moved);
      // A last-seen write is not a change of sessions: every session kept in memory stays kept.
      expect(await t.database.authVersion?.current()).toBe(version);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('ends one session: it leaves the list and its next request is refused with 401 and a clear message', async () => {
    const member = await signUp(t);
    const other = await signIn(member.body.username, member.body.password, SAFARI_IPHONE);
    expect((await t.api({ method: 'GET', url: '/currentuser', headers: bearer(other) })).statusCode).toBe(200);
    const response = await t.api({ method: 'DELETE', url: end(sessionOf(other)), headers: bearer(member.token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Session ended', sessionId: sessionOf(other) });
    const refused = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(other) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: SESSION_ENDED_MESSAGE, statusCode: 401 });
    expect((await listed(member.token)).map((s) => s._id)).toEqual([sessionOf(member.token)]);
    // Gone: ending it again, or a session that never was, is a 404.
    const again = await t.api({ method: 'DELETE', url: end(sessionOf(other)), headers: bearer(member.token) });
    expect(again.json()).toEqual({ message: SESSION_NOT_FOUND, statusCode: 404 });
  });

  it("refuses to end the current session (that is sign-out) and another member's session", async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    const own = await t.api({ method: 'DELETE', url: end(sessionOf(ann.token)), headers: bearer(ann.token) });
    expect(own.json()).toEqual({ message: CURRENT_SESSION_NOT_ENDED, statusCode: 400 });
    const theirs = await t.api({ method: 'DELETE', url: end(sessionOf(bob.token)), headers: bearer(ann.token) });
    expect(theirs.json()).toEqual({ message: SESSION_NOT_FOUND, statusCode: 404 });
    expect((await t.api({ method: 'GET', url: '/currentuser', headers: bearer(bob.token) })).statusCode).toBe(200);
    const long = await t.api({ method: 'DELETE', url: end('x'.repeat(101)), headers: bearer(ann.token) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toEqual(expect.any(String));
  });

  it('ends every other session at once and keeps the current one', async () => {
    const member = await signUp(t);
    const a = await signIn(member.body.username, member.body.password, SAFARI_IPHONE);
    const b = await signIn(member.body.username, member.body.password, FIREFOX_WINDOWS);
    const response = await t.api({ method: 'DELETE', url: endOthers, headers: bearer(b) });
    expect(response.json()).toEqual({ message: 'Signed out of 2 other sessions', ended: 2 });
    for (const token of [a, member.token]) {
      const refused = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(token) });
      expect(refused.json()).toEqual({ message: SESSION_ENDED_MESSAGE, statusCode: 401 });
    }
    expect((await listed(b)).map((s) => s._id)).toEqual([sessionOf(b)]);
    const none = await t.api({ method: 'DELETE', url: endOthers, headers: bearer(b) });
    expect(none.json()).toEqual({ message: 'Signed out of 0 other sessions', ended: 0 });
  });

  it('signs out as before: a signed-out token is simply expired', async () => {
    const member = await signUp(t);
    await t.api({ method: 'GET', url: '/signout', headers: bearer(member.token) });
    const after = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(member.token) });
    expect(after.json()).toEqual({ message: 'Session expired, please sign in again', statusCode: 401 });
  });

  it('asks for a session on every route (401), and refuses banned members (403)', async () => {
    const member = await signUp(t);
    const admin = await t.app.services.auth.createAdmin({
      username: `admin_${Date.now()}`,
      email: `admin_${Date.now()}@example.org`,
      password: 'correct horse battery',
      avatarColor: '#f33e58',
      avatarImage: '',
    });
    expect(admin.role).toBe('ADMIN');
    const routes = [
      { method: 'GET', url: list },
      { method: 'DELETE', url: endOthers },
      { method: 'DELETE', url: end(sessionOf(member.token)) },
    ] as const;
    for (const route of routes) {
      const anonymous = await t.api({ method: route.method, url: route.url });
      expect(anonymous.json()).toEqual({ message: 'Please sign in to continue', statusCode: 401 });
    }
    await t.app.services.users.setBanned(member.user._id, true, new Date().toISOString());
    const banned = await signIn(member.body.username, member.body.password);
    for (const route of routes) {
      const answer = await t.api({ method: route.method, url: route.url, headers: bearer(banned) });
      expect(answer.json()).toEqual({ message: BANNED_MESSAGE, statusCode: 403 });
    }
  });

  it('e-mails the member about a sign-in from a new device, once per device, and not about their first', async () => {
    const member = await signUp(t);
    const mine = async () => (await readOutbox(t)).filter((mail) => mail.to && JSON.stringify(mail.to).includes(member.body.email));
    // The sign-up's device (no browser named) is the member's first: no e-mail.
    await signIn(member.body.username, member.body.password, CHROME_LINUX);
    expect(await mine()).toHaveLength(1);
    const [first] = await mine();
    expect(first!.subject).toBe('New sign-in to your Stoa account');
    expect(first!.text).toContain('Chrome on Linux');
    expect(first!.text).toContain(`/app/social/setting/${member.body.username}`);
    expect(first!.html).toContain('Chrome on Linux');
    // The same device again (another version of it too) is not news; another one is.
    await signIn(member.body.username, member.body.password, CHROME_LINUX.replace('120.0.0.0', '121.0.0.0'));
    expect(await mine()).toHaveLength(1);
    await signIn(member.body.username, member.body.password, FIREFOX_WINDOWS);
    const mails = await mine();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Firefox on Windows');
  });

  it('does not e-mail a member whose first recorded device this is', async () => {
    const member = await signUp(t);
    // As for a member from before devices were recorded: nothing known yet.
    await t.database.db.deleteFrom('known_devices').where('user_id', '=', member.user._id).execute();
    await signIn(member.body.username, member.body.password, SAFARI_IPHONE);
    await signIn(member.body.username, member.body.password, SAFARI_IPHONE);
    expect((await readOutbox(t)).filter((mail) => JSON.stringify(mail.to).includes(member.body.email))).toHaveLength(0);
  });
});

describe.each(dialects)('an ended session over a real socket on %s', (dialect) => {
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

  const signInAgain = async (username: string) => {
    const response = await fetch(`${server.url}/api/v1/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': FIREFOX_WINDOWS },
      body: JSON.stringify({ provider: 'local', username, password: 'correct horse battery' }),
    });
    return ((await response.json()) as { token: string }).token;
  };

  it("closes the ended session's socket at once, refuses its reconnect and its requests, and leaves the others be", async () => {
    const member = await signUpMember(server.url);
    const other = await signInAgain(member.username);
    const kept = await openSocket(server.url, member.token);
    const doomed = await openSocket(server.url, other);
    const ended = new Promise<unknown>((resolve) => doomed.once(serverEvents.sessionEnded, resolve));
    const closed = new Promise<void>((resolve) => doomed.once('disconnect', () => resolve()));
    try {
      const answer = await http(server.url, member.token, 'DELETE', end(decodeJwt(other).jti!));
      expect(answer.status).toBe(200);
      expect(await ended).toEqual({ reason: 'ended' });
      await closed;
      await expect(openSocket(server.url, other)).rejects.toThrow();
      const refused = await http(server.url, other, 'GET', paths.auth.currentUser);
      expect(refused).toEqual({ status: 401, json: { message: SESSION_ENDED_MESSAGE, statusCode: 401 } });
      // The session that ended it goes on, socket and all.
      expect(kept.connected).toBe(true);
      expect((await http(server.url, member.token, 'GET', paths.auth.currentUser)).status).toBe(200);
    } finally {
      kept.close();
      doomed.close();
    }
  });

  it('ends every other session and closes all their sockets', async () => {
    const member = await signUpMember(server.url);
    const [b, c] = [await signInAgain(member.username), await signInAgain(member.username)];
    const kept = await openSocket(server.url, member.token);
    const sockets = [await openSocket(server.url, b), await openSocket(server.url, b), await openSocket(server.url, c)];
    const closed = sockets.map((s) => new Promise<void>((resolve) => s.once('disconnect', () => resolve())));
    try {
      expect((await http(server.url, member.token, 'DELETE', endOthers)).json).toEqual({
        message: 'Signed out of 2 other sessions',
        ended: 2,
      });
      await Promise.all(closed);
      expect(kept.connected).toBe(true);
    } finally {
      for (const s of [kept, ...sockets]) s.close();
    }
  });
});
