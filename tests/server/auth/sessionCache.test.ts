import fs from 'node:fs/promises';
import BetterSqlite3 from 'better-sqlite3';
import { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNED_MESSAGE } from '../../../src/api/constants';
import { paths } from '../../../src/api/paths';
import type { Config } from '../../../server/config';
import { createAuthVersion, touchesSessions } from '../../../server/db/authVersion';
import { ADMINS_ONLY, SESSION_EXPIRED } from '../../../server/http/authentication';
import { startServer, type RunningServer } from '../../../server/main';
import { createAuthStore } from '../../../server/modules/auth/store';
import { createTokenService } from '../../../server/modules/auth/tokens';
import { createTokenVerifier } from '../../../server/modules/auth/verifier';
import { http, signUpMember } from '../chatSockets';
import { bearer, createTestApp, dropTestSchema, newMember, signUp, testConfig, type DialectName, type TestApp } from '../harness';
import { readOutbox, resetTokenOf } from '../outbox';

const PASSWORD = (await newMember()).password;
const REDIS_URL = process.env.TEST_REDIS_URL;
const sessionOf = (token: string) => decodeJwt(token).jti!;

/**
 * Deletes a session over a database connection of the test's own, which no server process's
 * write watcher sees: a server that still accepts the token afterwards answered from memory.
 */
async function deleteSessionUnseen(config: Config, token: string): Promise<void> {
  const database = config.database;
  if (database.kind === 'sqlite') {
    const db = new BetterSqlite3(database.file);
    try {
      expect(db.prepare('delete from sessions where id = ?').run(sessionOf(token)).changes).toBe(1);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const result = await client.query(`delete from "${database.schema}".sessions where id = $1`, [sessionOf(token)]);
    expect(result.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

interface Setup {
  name: string;
  dialect: DialectName;
  env: Record<string, string>;
}
/** Where sessions are kept: SQLite with the version in memory; with Redis (either database) in Redis. */
const cached: Setup[] = [
  { name: 'SQLite, version in this process', dialect: 'sqlite', env: {} },
  ...(REDIS_URL ? [{ name: 'SQLite, version in Redis', dialect: 'sqlite' as const, env: { REDIS_URL } }] : []),
  ...(REDIS_URL && process.env.TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL, version in Redis', dialect: 'postgres' as const, env: { REDIS_URL } }]
    : []),
];

describe.each(cached)('sessions answered from memory ($name)', ({ dialect, env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env });
  });
  afterAll(() => t.close());

  const get = (token: string, url: string = paths.auth.currentUser) => t.api({ method: 'GET', url, headers: bearer(token) });
  const expectRefused = async (token: string, url?: string) => {
    const response = await get(token, url);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: SESSION_EXPIRED, statusCode: 401 });
  };
  /** A write to a users row that has nothing to do with the member under test. */
  const unrelatedUserWrite = async () => {
    const other = await signUp(t);
    await t.database.db.updateTable('users').set({ avatar_color: '#123456' }).where('id', '=', other.user._id).execute();
  };

  it('serves a session without the database until a write to users or sessions; sign-ups and sign-ins do not count', async () => {
    const member = await signUp(t);
    expect((await get(member.token)).statusCode).toBe(200);
    await deleteSessionUnseen(t.config, member.token);
    // The row is gone, yet the answer comes from memory.
    expect((await get(member.token)).statusCode).toBe(200);
    const other = await signUp(t);
    const signIn = await t.api({
      method: 'POST',
      url: paths.auth.signin,
      payload: { provider: 'local', username: other.body.username, password: other.body.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await get(member.token)).statusCode).toBe(200);
    await unrelatedUserWrite();
    await expectRefused(member.token);
  });

  it('sign-out bites on the very next request', async () => {
    const member = await signUp(t);
    expect((await get(member.token)).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: paths.auth.signout, headers: bearer(member.token) })).statusCode).toBe(200);
    await expectRefused(member.token);
  });

  it('a ban bites on the very next request (403 where banned members may not go), and so does the unban', async () => {
    const member = await signUp(t);
    expect((await get(member.token, paths.follows.blocked)).statusCode).toBe(200);
    await t.app.services.users.setBanned(member.user._id, true, new Date().toISOString());
    const refused = await get(member.token, paths.follows.blocked);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: BANNED_MESSAGE, statusCode: 403 });
    expect((await get(member.token)).json().user.isBanned).toBe(true);
    await t.app.services.users.setBanned(member.user._id, false, new Date().toISOString());
    expect((await get(member.token, paths.follows.blocked)).statusCode).toBe(200);
  });

  it('a role change bites on the very next request, both ways', async () => {
    const member = await signUp(t);
    const setRole = (role: 'ADMIN' | 'USER') =>
      t.database.db.updateTable('users').set({ role }).where('id', '=', member.user._id).execute();
    expect((await get(member.token, paths.admin.dashboard)).json()).toEqual({ message: ADMINS_ONLY, statusCode: 403 });
    await setRole('ADMIN');
    expect((await get(member.token, paths.admin.dashboard)).statusCode).toBe(200);
    await setRole('USER');
    expect((await get(member.token, paths.admin.dashboard)).json()).toEqual({ message: ADMINS_ONLY, statusCode: 403 });
  });

  it('a password change ends the old token on the very next request; the new one works', async () => {
    const member = await signUp(t);
    expect((await get(member.token)).statusCode).toBe(200);
    const changed = await t.api({
      method: 'PUT',
      url: paths.users.changePassword,
      headers: bearer(member.token),
      payload: { currentPassword: PASSWORD, newPassword: 'another horse battery', confirmPassword: 'another horse battery' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRefused(member.token);
    expect((await get(changed.json().token)).statusCode).toBe(200);
  });

  it('a password reset ends the old token on the very next request', async () => {
    const member = await signUp(t);
    expect((await get(member.token)).statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url: paths.auth.forgotPassword, payload: { email: member.body.email } })).statusCode).toBe(200);
    const resetToken = resetTokenOf((await readOutbox(t)).at(-1)!);
    const reset = await t.api({
      method: 'POST',
      url: paths.auth.resetPassword(resetToken),
      payload: { password: 'reset horse battery', confirmPassword: 'reset horse battery' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectRefused(member.token);
  });

  it('a deleted account is refused on the very next request', async () => {
    const member = await signUp(t);
    expect((await get(member.token)).statusCode).toBe(200);
    await t.database.db.deleteFrom('users').where('id', '=', member.user._id).execute();
    await expectRefused(member.token);
  });

  it('a changed username or avatar shows in the very next answer', async () => {
    const member = await signUp(t);
    expect((await get(member.token)).json().user.username).toBe(member.body.username);
    const renamed = `${member.body.username}_2`;
    await t.database.db
      .updateTable('users')
      .set({ username: renamed, username_lower: renamed.toLowerCase() })
      .where('id', '=', member.user._id)
      .execute();
    expect((await get(member.token)).json().user.username).toBe(renamed);
    const put = await t.api({
      method: 'PUT',
      url: paths.auth.currentUser,
      headers: bearer(member.token),
      payload: { avatarColor: '#1e88e5' },
    });
    expect(put.statusCode).toBe(200);
    expect((await get(member.token)).json().user.avatarColor).toBe('#1e88e5');
  });

  it("a kept session still ends with the session's lifetime", async () => {
    const member = await signUp(t);
    expect((await get(member.token)).statusCode).toBe(200);
    t.clock.advance(12 * 3600 * 1000 + 1000);
    try {
      await expectRefused(member.token);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('keeps at most its size: the least recently used session is read again', async () => {
    const verify = createTokenVerifier({
      tokens: createTokenService(t.config.jwtSecret, t.clock),
      store: createAuthStore(t.database.db),
      clock: t.clock,
      version: t.database.authVersion,
      cacheSize: 2,
    });
    const [first, second, third] = [await signUp(t), await signUp(t), await signUp(t)];
    for (const member of [first, second, third]) expect(await verify(member.token)).not.toBeNull();
    for (const member of [first, second, third]) await deleteSessionUnseen(t.config, member.token);
    expect(await verify(first.token)).toBeNull();
    expect((await verify(third.token))?.userId).toBe(third.user._id);
    expect((await verify(second.token))?.userId).toBe(second.user._id);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL without Redis', () => {
  it('keeps no session (other processes could write unseen): every request reads the database', async () => {
    const t = await createTestApp('postgres');
    try {
      const member = await signUp(t);
      expect((await t.api({ method: 'GET', url: paths.auth.currentUser, headers: bearer(member.token) })).statusCode).toBe(200);
      await deleteSessionUnseen(t.config, member.token);
      expect((await t.api({ method: 'GET', url: paths.auth.currentUser, headers: bearer(member.token) })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('which writes move the auth version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('updates and deletes of users and sessions, and inserts that may overwrite; not plain inserts, reads or other tables', () => {
    const { db } = t.database;
    const now = new Date().toISOString();
    const session = { id: 's', user_id: 'u', expires_at: now, created_at: now };
    const moves = [
      db.updateTable('users').set({ username: 'x' }).where('id', '=', 'u'),
      db.updateTable('users').set({ is_banned: 1 }),
      db.deleteFrom('users').where('id', '=', 'u'),
      db.deleteFrom('sessions').where('user_id', '=', 'u'),
      db
        .insertInto('sessions')
        .values(session)
        .onConflict((oc) => oc.column('id').doUpdateSet({ expires_at: now })),
      db.insertInto('sessions').orReplace().values(session),
      db.replaceInto('sessions').values(session),
    ];
    const stays = [
      db.selectFrom('users').selectAll(),
      db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').selectAll('users'),
      db.insertInto('sessions').values(session),
      db
        .insertInto('sessions')
        .values(session)
        .onConflict((oc) => oc.column('id').doNothing()),
      db.updateTable('posts').set({ hidden: 1 }).where('user_id', 'in', db.selectFrom('users').select('id')),
      db.deleteFrom('follows').where('follower_id', '=', 'u'),
      db.insertInto('user_profiles').values({ user_id: 'u', updated_at: now } as never),
    ];
    for (const query of moves) expect(touchesSessions(query.compile()), query.compile().sql).toBe(true);
    for (const query of stays) expect(touchesSessions(query.compile()), query.compile().sql).toBe(false);
  });
});

describe.runIf(REDIS_URL)('the auth version in Redis', () => {
  it('starts a lost key at a random number, and moves by one per bump', async () => {
    const redis = new Redis(REDIS_URL!);
    const key = `test-${Date.now()}-${Math.random()}`;
    try {
      const version = createAuthVersion({ alone: false, key });
      version.shareThrough(redis);
      const first = await version.current();
      expect(Number(first)).toBeGreaterThan(1);
      await version.bump();
      expect(await version.current()).toBe(String(Number(first) + 1));
      await redis.del(`stoa-auth-version:${key}`);
      expect(await version.current()).not.toBe(String(Number(first) + 1));
    } finally {
      await redis.del(`stoa-auth-version:${key}`);
      redis.disconnect();
    }
  });

  it('out of reach: nothing is kept, and a write fails rather than go unseen', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    try {
      const version = createAuthVersion({ alone: true, key: 'unreachable' });
      const undo = version.shareThrough(unreachable);
      expect(await version.current()).toBeNull();
      await expect(version.bump()).rejects.toThrow();
      undo();
      expect(await version.current()).toBe(0);
    } finally {
      unreachable.disconnect();
    }
  });
});

/** Two server processes' worth of app on one PostgreSQL schema and one Redis (as tests/server/chat/chatCluster.test.ts). */
describe.runIf(process.env.TEST_DATABASE_URL && REDIS_URL)('sessions kept in two processes over PostgreSQL and Redis', () => {
  let config: Config;
  let one: RunningServer, two: RunningServer;
  beforeAll(async () => {
    config = { ...(await testConfig('postgres')), port: 0, redisUrl: REDIS_URL! };
    one = await startServer(config, { handleSignals: false });
    two = await startServer(config, { handleSignals: false });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  const pairs = () =>
    [
      ['one', one, 'two', two],
      ['two', two, 'one', one],
    ] as const;

  it('a process answers from memory, and a write in the other process ends that at once', async () => {
    for (const [, a, , b] of pairs()) {
      const member = await signUpMember(a.url);
      expect((await http(b.url, member.token, 'GET', paths.auth.currentUser)).status).toBe(200);
      await deleteSessionUnseen(config, member.token);
      expect((await http(b.url, member.token, 'GET', paths.auth.currentUser)).status).toBe(200);
      const other = await signUpMember(a.url);
      await a.app.services.database.db.updateTable('users').set({ avatar_color: '#654321' }).where('id', '=', other.id).execute();
      expect((await http(b.url, member.token, 'GET', paths.auth.currentUser)).status).toBe(401);
    }
  });

  it.each(['sign-out', 'ban', 'role change', 'password change'] as const)(
    '%s in one process bites on the very next request in the other, both ways',
    async (change) => {
      for (const [, a, , b] of pairs()) {
        const member = await signUpMember(a.url);
        if (change === 'role change')
          await a.app.services.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', member.id).execute();
        const probe = change === 'role change' ? paths.admin.dashboard : paths.follows.blocked;
        expect((await http(b.url, member.token, 'GET', probe)).status).toBe(200);
        expect((await http(b.url, member.token, 'GET', probe)).status).toBe(200);

        if (change === 'sign-out') expect((await http(a.url, member.token, 'GET', paths.auth.signout)).status).toBe(200);
        if (change === 'ban') await a.app.services.users.setBanned(member.id, true, new Date().toISOString());
        if (change === 'role change')
          await a.app.services.database.db.updateTable('users').set({ role: 'USER' }).where('id', '=', member.id).execute();
        if (change === 'password change') {
          const answer = await http(a.url, member.token, 'PUT', paths.users.changePassword, {
            currentPassword: PASSWORD,
            newPassword: 'another horse battery',
            confirmPassword: 'another horse battery',
          });
          expect(answer.status, JSON.stringify(answer.json)).toBe(200);
        }

        const next = await http(b.url, member.token, 'GET', probe);
        const expected = {
          'sign-out': { status: 401, json: { message: SESSION_EXPIRED, statusCode: 401 } },
          'password change': { status: 401, json: { message: SESSION_EXPIRED, statusCode: 401 } },
          ban: { status: 403, json: { message: BANNED_MESSAGE, statusCode: 403 } },
          'role change': { status: 403, json: { message: ADMINS_ONLY, statusCode: 403 } },
        }[change];
        expect(next).toEqual(expected);
      }
    },
  );
});
