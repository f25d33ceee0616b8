import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, signUp, type TestApp } from '../harness';
import { banMember } from '../moderation';
import { readOutbox, resetTokenOf } from '../outbox';
import { member as memberOf } from '../social';

const SENT = 'If that email is registered, a reset link has been sent.';
const INVALID = 'Reset link is invalid or has expired';

describe.each(dialects)('password reset on %s', (dialect) => {
  let t: TestApp;
  /** The app's error lines (JSON), to prove a failure after the answer is not lost. */
  const errors: { msg: string; err?: { message: string } }[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        errors.push(
          ...String(chunk)
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line)),
        );
        done();
      },
    });
    t = await createTestApp(dialect, {
      env: { PUBLIC_URL: 'https://stoa.example.org', LOG_LEVEL: 'error', LOG_FORMAT: 'json' },
      logStream,
    });
  });
  afterAll(() => t.close());

  const forgot = (email: string) => t.api({ method: 'POST', url: '/forgot-password', payload: { email } });
  const reset = (token: string, password: string, confirmPassword = password) =>
    t.api({ method: 'POST', url: `/reset-password/${encodeURIComponent(token)}`, payload: { password, confirmPassword } });
  const signIn = (username: string, password: string) =>
    t.api({ method: 'POST', url: '/signin', payload: { provider: 'local', username, password } });

  /** Asks for a link and returns the token from the newest message to that member. */
  async function requestToken(email: string): Promise<string> {
    const before = (await readOutbox(t)).length;
    expect((await forgot(email)).json()).toEqual({ message: SENT });
    const mails = await readOutbox(t);
    expect(mails.length).toBe(before + 1);
    return resetTokenOf(mails.at(-1)!);
  }

  it('mails a reset link that works once and ends every old session', async () => {
    const member = await signUp(t);
    const response = await forgot(member.body.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SENT });

    const mail = (await readOutbox(t)).at(-1)!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(member.body.email);
    expect(mail.from?.text).toContain('Stoa');
    expect(mail.subject).toBe('Reset your Stoa password');
    expect(mail.html).toContain('Reset password');
    expect(mail.text).toContain('https://stoa.example.org/reset-password?token=');
    const token = resetTokenOf(mail);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    // Only the digest is stored.
    const rows = await t.database.db.selectFrom('password_resets').selectAll().where('user_id', '=', member.user._id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    const done = await reset(token, 'a brand new password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Password reset successfully!' });

    const old = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(member.token) });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Session expired, please sign in again');
    expect((await signIn(member.body.username, member.body.password)).statusCode).toBe(401);
    expect((await signIn(member.body.username, 'a brand new password')).statusCode).toBe(200);

    const again = await reset(token, 'another new password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID, statusCode: 400 });
  });

  it('refuses an expired link', async () => {
    const member = await signUp(t);
    const token = await requestToken(member.body.email);
    t.clock.advance(31 * 60 * 1000);
    try {
      const response = await reset(token, 'a brand new password');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(INVALID);
    } finally {
      t.clock.offsetMs = 0;
    }
    expect((await signIn(member.body.username, member.body.password)).statusCode).toBe(200);
  });

  it('refuses a link whose expiry the store says has passed', async () => {
    const member = await signUp(t);
    const token = await requestToken(member.body.email);
    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', member.user._id)
      .execute();
    expect((await reset(token, 'a brand new password')).json().message).toBe(INVALID);
  });

  it('keeps only the newest link working', async () => {
    const member = await signUp(t);
    const first = await requestToken(member.body.email);
    const second = await requestToken(member.body.email);
    expect((await reset(first, 'a brand new password')).statusCode).toBe(400);
    expect((await reset(second, 'a brand new password')).statusCode).toBe(200);
  });

  describe('retires every open link of the member', () => {
    it('when they change their password', async () => {
      const member = await signUp(t);
      const token = await requestToken(member.body.email);
      const changed = await t.api({
        method: 'PUT',
        url: '/user/profile/change-password',
        headers: bearer(member.token),
        payload: { currentPassword: member.body.password, newPassword: 'a changed password', confirmPassword: 'a changed password' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await reset(token, 'a brand new password')).json()).toEqual({ message: INVALID, statusCode: 400 });
      expect((await signIn(member.body.username, 'a changed password')).statusCode).toBe(200);
    });

    it('when a reset completes (another open link, however it came to be, stops working)', async () => {
      const member = await signUp(t);
      const token = await requestToken(member.body.email);
      // A second open link: the newest-link rule never leaves two, but the store must not rely on it.
      const other = 'another-open-link-of-the-same-member-0123456';
      const now = t.clock.now();
      await t.database.db
        .insertInto('password_resets')
        .values({
          token_hash: createHash('sha256').update(other).digest('hex'),
          user_id: member.user._id,
          expires_at: new Date(now.getTime() + 10 * 60_000).toISOString(),
          used_at: null,
          created_at: now.toISOString(),
        })
        .execute();
      expect((await reset(token, 'a brand new password')).statusCode).toBe(200);
      expect((await reset(other, 'yet another password')).json()).toEqual({ message: INVALID, statusCode: 400 });
      expect((await signIn(member.body.username, 'a brand new password')).statusCode).toBe(200);
    });

    it('when they are banned', async () => {
      const admin = await memberOf(t, { admin: true });
      const member = await signUp(t);
      const token = await requestToken(member.body.email);
      const passwordHash = () =>
        t.database.db.selectFrom('users').select('password_hash').where('id', '=', member.user._id).executeTakeFirstOrThrow();
      const before = await passwordHash();
      await banMember(t, admin, {
        id: member.user._id,
        token: member.token,
        username: member.user.username,
        email: member.user.email,
        isAdmin: false,
      });
      expect((await reset(token, 'a brand new password')).json()).toEqual({ message: INVALID, statusCode: 400 });
      expect(await passwordHash()).toEqual(before);
    });
  });

  describe('answers before the link is made', () => {
    it('so a failure making it does not reach the answer, and is logged', async () => {
      const member = await signUp(t);
      const refuse =
        dialect === 'sqlite'
          ? sql`create trigger refuse_resets before insert on password_resets begin select raise(abort, 'resets refused by the test'); end`
          : sql`create function refuse_resets() returns trigger language plpgsql as $$ begin raise exception 'resets refused by the test'; end $$;
              create trigger refuse_resets before insert on password_resets for each row execute function refuse_resets()`;
      await refuse.execute(t.database.db);
      try {
        errors.length = 0;
        const before = (await readOutbox(t)).length;
        const response = await forgot(member.body.email);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ message: SENT });
        expect((await readOutbox(t)).length).toBe(before);
        expect(errors).toEqual([
          expect.objectContaining({
            msg: 'a mail could not be sent',
            err: expect.objectContaining({ message: expect.stringContaining('resets refused by the test') }),
          }),
        ]);
      } finally {
        await (
          dialect === 'sqlite'
            ? sql`drop trigger refuse_resets`
            : sql`drop trigger refuse_resets on password_resets; drop function refuse_resets()`
        ).execute(t.database.db);
      }
      expect((await requestToken(member.body.email)).length).toBeGreaterThan(0);
    });

    // PostgreSQL waits for a lock without holding the process up (SQLite's wait would block it).
    if (dialect === 'postgres')
      it('so the answer comes while the table is locked, and the mail once it is free', async () => {
        const member = await signUp(t);
        const before = (await readOutbox(t)).length;
        const locker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await locker.connect();
        let locked = true;
        try {
          const schema = t.database.schema!;
          await locker.query('begin');
          await locker.query(`lock table "${schema}".password_resets in access exclusive mode`);
          // The answer must come while the lock is held; before, the request waited on it.
          const answered = await Promise.race([
            forgot(member.body.email),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
          ]);
          expect(answered?.json()).toEqual({ message: SENT });
          const rows = await fs.readdir(t.config.mail.outboxDir).catch(() => [] as string[]);
          expect(rows.filter((name) => name.endsWith('.eml')).length).toBe(before);
          await locker.query('commit');
          locked = false;
          const mails = await readOutbox(t);
          expect(mails.length).toBe(before + 1);
          expect(resetTokenOf(mails.at(-1)!).length).toBeGreaterThan(0);
        } finally {
          if (locked) await locker.query('rollback');
          await locker.end();
        }
      }, 20_000);
  });

  it('answers an unknown e-mail the same way and sends nothing', async () => {
    const before = (await readOutbox(t)).length;
    const response = await forgot('nobody@example.org');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SENT });
    expect((await readOutbox(t)).length).toBe(before);
  });

  it('refuses made-up tokens', async () => {
    for (const token of ['nope', 'x'.repeat(43), 'y'.repeat(500)]) {
      const response = await reset(token, 'a brand new password');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(INVALID);
    }
  });

  it.each([
    ['a missing e-mail', {}, 'Email is required'],
    ['an invalid e-mail', { email: 'not-mail' }, 'Email must be a valid email address'],
    ['a number', { email: 5 }, 'Email is required'],
  ])('answers 400 to forgot-password with %s', async (_name, payload, message) => {
    const response = await t.api({ method: 'POST', url: '/forgot-password', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([
    ['passwords that differ', { password: 'a brand new password', confirmPassword: 'something else' }, 'Passwords do not match'],
    ['a short password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['no confirmation', { password: 'a brand new password' }, 'Confirm password is required'],
    ['no password', { confirmPassword: 'a brand new password' }, 'Password is required'],
  ])('answers 400 to reset-password with %s, and keeps the link usable', async (_name, payload, message) => {
    const member = await signUp(t);
    const token = await requestToken(member.body.email);
    const response = await t.api({ method: 'POST', url: `/reset-password/${token}`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await reset(token, 'a brand new password')).statusCode).toBe(200);
  });

  it('lets only one of two racing resets use a token', async () => {
    const member = await signUp(t);
    const token = await requestToken(member.body.email);
    const answers = await Promise.all([reset(token, 'first new password'), reset(token, 'second new password')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
