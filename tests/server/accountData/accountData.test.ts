import { sql } from 'kysely';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_MEMBER } from '../../../src/api/account/data';
import { WRONG_PASSWORD } from '../../../src/api/account/words';
import { EXPORT_BUSY, EXPORT_STALLED, LINK_EXPIRED } from '../../../server/modules/accountData/service';
import { createTestApp, dialects, type TestApp } from '../harness';
import { call, follow, imageDataUrl, member, ok, post, refused, type Member } from '../social';

const DAY = 24 * 60 * 60 * 1000;

/** Every entry of a zip (name -> text), read with yauzl. */
function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Waits (by polling the API) until the member's export is no longer preparing. */
async function settledExport(t: TestApp, who: Member) {
  await t.app.services.accountData.settle();
  return (await ok(t, who, 'GET', '/account/export')).export;
}

/** Signs the member in again (after the clock moved past their token's life). */
async function signIn(t: TestApp, who: Member): Promise<Member> {
  const response = await t.api({
    method: 'POST',
    url: '/signin',
    payload: { provider: 'local', username: who.username, password: 'correct horse battery' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...who, token: response.json().token };
}

/** Every table of the database, read from the database itself (so a table added later is checked too). */
async function tables(t: TestApp): Promise<string[]> {
  if (t.database.dialect === 'sqlite') {
    const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
      t.database.db,
    );
    return rows.rows.map((row) => row.name);
  }
  const rows = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(t.database.db);
  return rows.rows.map((row) => row.name);
}

/** The tables (and how many rows) whose any column holds one of `needles`. */
async function leftovers(t: TestApp, needles: string[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of await tables(t)) {
    if (/^(kysely_|.*_fts(_|$))/.test(table)) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.database.db);
    const hits = rows.rows.filter((row) =>
      Object.values(row).some(
        (value) => typeof value === 'string' && needles.some((needle) => value.toLowerCase().includes(needle.toLowerCase())),
      ),
    );
    if (hits.length > 0) found[table] = hits.length;
  }
  return found;
}

describe.each(dialects)('your data on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('guards every route: the permission table', async () => {
    const someone = await member(t);
    const admin = await member(t, { admin: true });
    const table: [string, string, number, number, number][] = [
      // method, path, anonymous, member, admin
      ['GET', '/account/export', 401, 200, 200],
      ['POST', '/account/export/link', 401, 404, 404],
      ['GET', '/account/deletion', 401, 200, 200],
      ['DELETE', '/account/deletion', 401, 404, 404],
      ['GET', '/admin/deletions', 401, 403, 200],
    ];
    for (const [method, url, anonymous, asMember, asAdmin] of table) {
      expect((await call(t, null, method as 'GET', url)).statusCode, `${method} ${url} anonymous`).toBe(anonymous);
      expect((await call(t, someone, method as 'GET', url)).statusCode, `${method} ${url} member`).toBe(asMember);
      expect((await call(t, admin, method as 'GET', url)).statusCode, `${method} ${url} admin`).toBe(asAdmin);
    }
    expect((await call(t, null, 'POST', '/account/export')).statusCode).toBe(401);
    expect((await call(t, null, 'POST', '/account/deletion', { password: 'x' })).statusCode).toBe(401);
    await refused(t, null, 'GET', '/account/export/download/forged.token', undefined, 404);
  });

  it('prepares an archive in the background, notifies its owner and serves it by a signed link', async () => {
    const owner = await member(t);
    const friend = await member(t);
    const mine = await post(t, owner, { post: 'my first post #hello' });
    await ok(t, owner, 'POST', '/post/image/post', { post: 'a picture', image: await imageDataUrl() }, 201);
    const asked = (await ok(t, owner, 'POST', '/question', { post: 'Is this my data?', format: 'markdown' }, 201)).post;
    await ok(t, owner, 'POST', `/question/${asked._id}/answer`, { answer: 'Yes, `all` of it', format: 'markdown' }, 201);
    const theirs = await post(t, friend, { post: 'a friend post' });
    await ok(t, owner, 'POST', '/post/comment', { postId: theirs._id, comment: 'nice one' }, 201);
    await ok(t, owner, 'POST', '/post/reaction', { postId: theirs._id, type: 'love' });
    await ok(t, owner, 'POST', '/favpost', { postId: theirs._id });
    await follow(t, owner, friend);
    await follow(t, friend, owner);
    await ok(t, owner, 'POST', '/chat/message', { receiverId: friend.id, body: 'hello friend' }, 201);
    await ok(t, owner, 'POST', '/reportprofile', { userId: friend.id, reason: 'Spam' }, 201);

    const started = await ok(t, owner, 'POST', '/account/export', undefined, 202);
    expect(started.export.status).toBe('preparing');
    // One at a time.
    await refused(t, owner, 'POST', '/account/export', undefined, 409, EXPORT_BUSY);

    const ready = await settledExport(t, owner);
    expect(ready).toMatchObject({ status: 'ready', error: '' });
    expect(ready.size).toBeGreaterThan(0);
    expect(new Date(ready.expiresAt).getTime() - new Date(ready.readyAt).getTime()).toBe(7 * DAY);

    const inbox = await ok(t, owner, 'GET', '/notifications');
    expect(inbox.notifications.map((n: { kind: string }) => n.kind)).toContain('dataExportReady');

    // Another member cannot have a link to it.
    await refused(t, friend, 'POST', '/account/export/link', undefined, 404);
    const { url } = await ok(t, owner, 'POST', '/account/export/link');
    const download = await t.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="stoa-data-/);
    const files = await readZip(download.rawPayload);
    for (const name of [
      'README.md',
      'profile.json',
      'posts.json',
      'questions.json',
      'answers.json',
      'comments.json',
      'reactions.json',
      'saved.json',
      'follows.json',
      'blocks.json',
      'groups.json',
      'messages.json',
      'notifications.json',
      'reports.json',
    ])
      expect(files.has(name), name).toBe(true);
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8')) as Record<string, unknown>[];
    expect(files.get('README.md')!.toString()).toContain('`posts.json`');
    expect(json('profile.json')[0]).toMatchObject({ id: owner.id, username: owner.username, email: owner.email });
    expect(JSON.stringify(json('profile.json'))).not.toMatch(/password|token_version/);
    expect(json('posts.json').map((p) => p.id)).toContain(mine._id);
    expect(json('messages.json')).toEqual([expect.objectContaining({ body: 'hello friend', sent: true, sender: owner.username })]);
    expect(json('questions.json').map((p) => [p.post, p.format])).toEqual([['Is this my data?', 'markdown']]);
    expect(json('answers.json').map((a) => [a.answer, a.format])).toEqual([['Yes, `all` of it', 'markdown']]);
    expect(json('posts.json').find((p) => p.id === mine._id)).toMatchObject({ format: 'plain' });
    expect(json('comments.json').map((c) => [c.comment, c.format])).toEqual([['nice one', 'plain']]);
    expect(json('reactions.json').map((r) => r.type)).toEqual(['love']);
    expect(json('saved.json').map((s) => s.post_id)).toEqual([theirs._id]);
    expect(
      json('follows.json')
        .map((f) => f.direction)
        .sort(),
    ).toEqual(['follower', 'following']);
    expect(json('reports.json').map((r) => r.kind)).toEqual(['profile']);
    // The avatar drawn at sign-up is a media file of the member.
    expect([...files.keys()].some((name) => name.startsWith('media/image/'))).toBe(true);

    // The link lapses; the archive after 7 days.
    t.clock.advance(6 * 60 * 1000);
    await refused(t, null, 'GET', url.replace('/api/v1', ''), undefined, 400, LINK_EXPIRED);
    t.clock.advance(7 * DAY);
    await t.app.services.accountData.sweep();
    expect((await ok(t, await signIn(t, owner), 'GET', '/account/export')).export).toBeNull();
  });

  it('starts one export when several requests come at the same instant (the others 409)', async () => {
    const owner = await member(t);
    const answers = await Promise.all([1, 2, 3].map(() => call(t, owner, 'POST', '/account/export')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json()).toEqual({ message: EXPORT_BUSY, statusCode: 409 });
    expect((await t.database.db.selectFrom('data_exports').select('id').where('user_id', '=', owner.id).execute()).length).toBe(1);
    await settledExport(t, owner);
  });

  it('marks an export whose process died as failed, so none stays preparing', async () => {
    const owner = await member(t);
    const at = t.clock.now().toISOString();
    await t.database.db
      .insertInto('data_exports')
      .values({
        id: crypto.randomUUID(),
        user_id: owner.id,
        status: 'preparing',
        file: '',
        size: 0,
        error: '',
        created_at: at,
        heartbeat_at: at,
        ready_at: null,
        expires_at: null,
      })
      .execute();
    await t.app.services.accountData.sweep();
    expect((await ok(t, owner, 'GET', '/account/export')).export.status).toBe('preparing');
    t.clock.advance(3 * 60 * 1000);
    await t.app.services.accountData.sweep();
    expect((await ok(t, owner, 'GET', '/account/export')).export).toMatchObject({ status: 'failed', error: EXPORT_STALLED });
    // A new one may start.
    await ok(t, owner, 'POST', '/account/export', undefined, 202);
    expect((await settledExport(t, owner)).status).toBe('ready');
  });

  it('answers the member with their scheduled deletion at sign-in and GET/PUT /currentuser, and without it otherwise', async () => {
    let leaver = await member(t);
    const other = await member(t);
    expect((await ok(t, leaver, 'GET', '/currentuser')).user).not.toHaveProperty('deletion');
    const { deletion } = await ok(t, leaver, 'POST', '/account/deletion', { password: 'correct horse battery' });

    const signedIn = await t.api({
      method: 'POST',
      url: '/signin',
      payload: { provider: 'local', username: leaver.username, password: 'correct horse battery' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.deletion).toEqual(deletion);
    leaver = { ...leaver, token: signedIn.json().token };
    expect((await ok(t, leaver, 'GET', '/currentuser')).user.deletion).toEqual(deletion);
    expect((await ok(t, leaver, 'PUT', '/currentuser', { avatarColor: '#123456' })).user.deletion).toEqual(deletion);
    // Only the member's own account: no one else's answer carries it.
    expect((await ok(t, other, 'GET', '/currentuser')).user).not.toHaveProperty('deletion');
    expect(JSON.stringify(await ok(t, other, 'GET', `/user/profile/${leaver.id}`))).not.toContain('deleteAfter');

    await ok(t, leaver, 'DELETE', '/account/deletion');
    expect((await ok(t, leaver, 'GET', '/currentuser')).user).not.toHaveProperty('deletion');
  });

  it('schedules a deletion with the password, cancels it, and after the grace period leaves nothing of the member', async () => {
    let leaver = await member(t);
    let friend = await member(t);
    let admin = await member(t, { admin: true });
    const newcomer = await member(t);
    const mine = await post(t, leaver, { post: 'leaving soon' });
    const theirs = await post(t, friend, { post: 'staying' });
    await ok(t, leaver, 'POST', '/post/comment', { postId: theirs._id, comment: 'bye' }, 201);
    await ok(t, leaver, 'POST', '/post/reaction', { postId: theirs._id, type: 'like' });
    await ok(t, friend, 'POST', '/post/comment', { postId: mine._id, comment: 'why?' }, 201);
    await follow(t, leaver, friend);
    await follow(t, friend, leaver);
    await ok(t, leaver, 'POST', '/favpost', { postId: theirs._id });
    await ok(t, leaver, 'POST', '/chat/message', { receiverId: friend.id, body: 'secret words' }, 201);
    await ok(t, friend, 'POST', '/chat/message', { receiverId: leaver.id, body: 'my reply' }, 201);
    const group = (
      await ok(
        t,
        leaver,
        'POST',
        '/group/create',
        { name: `Leavers ${leaver.id.slice(-6)}`, description: 'x', tags: ['x'], category: ['Travel'], privacy: 'public' },
        201,
      )
    ).group;
    await ok(t, friend, 'POST', `/group/join/${group._id}`);
    await ok(t, newcomer, 'POST', `/group/join/${group._id}`);
    await ok(t, friend, 'POST', '/reportprofile', { userId: leaver.id, reason: 'Spam' }, 201);
    await ok(t, admin, 'POST', '/admin/banuser', { userId: leaver.id, reason: 'Testing the audit' });
    await ok(t, admin, 'POST', '/admin/unbanuser', { userId: leaver.id });
    await ok(t, leaver, 'POST', '/account/export', undefined, 202);
    await t.app.services.accountData.settle();

    await refused(t, leaver, 'POST', '/account/deletion', { password: 'wrong password' }, 400, WRONG_PASSWORD);
    await refused(t, leaver, 'POST', '/account/deletion', { password: '' }, 400);
    const scheduled = await ok(t, leaver, 'POST', '/account/deletion', { password: 'correct horse battery' });
    expect(new Date(scheduled.deletion.deleteAfter).getTime() - new Date(scheduled.deletion.requestedAt).getTime()).toBe(30 * DAY);
    expect((await ok(t, admin, 'GET', '/admin/deletions')).deletions.map((d: { userId: string }) => d.userId)).toContain(leaver.id);

    // Cancelled within the grace period: the sweep leaves the member alone.
    t.clock.advance(10 * DAY);
    leaver = await signIn(t, leaver);
    expect((await ok(t, leaver, 'DELETE', '/account/deletion')).deletion).toBeNull();
    t.clock.advance(30 * DAY);
    await t.app.services.accountData.sweep();
    leaver = await signIn(t, leaver);
    expect((await ok(t, leaver, 'GET', '/account/deletion')).deletion).toBeNull();

    await ok(t, leaver, 'POST', '/account/deletion', { password: 'correct horse battery' });
    t.clock.advance(29 * DAY);
    await t.app.services.accountData.sweep();
    leaver = await signIn(t, leaver);
    expect((await ok(t, leaver, 'GET', '/account/deletion')).deletion).not.toBeNull();
    t.clock.advance(2 * DAY);
    expect((await t.app.services.accountData.sweep()).erased).toBe(1);
    friend = await signIn(t, friend);
    admin = await signIn(t, admin);

    expect((await call(t, leaver, 'GET', '/account/deletion')).statusCode).toBe(401);
    expect(await leftovers(t, [leaver.id, leaver.username, leaver.email])).toEqual({});

    // Others' posts count right; the group passed to its oldest other member; the report and the chat stay, anonymous.
    const kept = await t.database.db.selectFrom('posts').selectAll().where('id', '=', theirs._id).executeTakeFirstOrThrow();
    expect(Number(kept.comments_count)).toBe(0);
    expect(Number(kept.reactions_like)).toBe(0);
    const admins = await t.database.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', group._id)
      .where('role', '=', 'admin')
      .execute();
    expect(admins.map((a) => a.user_id)).toEqual([friend.id]);
    const report = await t.database.db
      .selectFrom('profile_reports')
      .innerJoin('users', 'users.id', 'profile_reports.reported_id')
      .select('users.username')
      .where('reporter_id', '=', friend.id)
      .executeTakeFirstOrThrow();
    expect(report.username.startsWith(DELETED_MEMBER)).toBe(true);
    expect(await t.database.db.selectFrom('chat_messages').select('body').where('sender_id', '=', friend.id).execute()).toEqual([
      { body: 'my reply' },
    ]);
    expect((await ok(t, admin, 'GET', '/admin/deletions')).deletions.map((d: { userId: string }) => d.userId)).not.toContain(leaver.id);
  });
});
