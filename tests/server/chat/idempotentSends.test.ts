import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../src/api/paths';
import { serverEvents } from '../../../src/api/socket';
import { createTestApp, dialects, type TestApp } from '../harness';
import { call, imageDataUrl, member, ok, post, refused, type Member } from '../social';
import { socketWorld } from '../socketWorld';
import { NEW_POSTS_WINDOW_MS } from '../../../server/modules/posts/announce';

/**
 * Idempotent sends (docs/api.md): a post, question, comment, answer or chat message sent with a
 * client-made id is stored once per (author, kind, id); a retry answers the first result.
 */
describe.each(dialects)('idempotent sends on %s', (dialect) => {
  let t: TestApp;
  let ann: Member;
  let bob: Member;
  let target: { postId: string; questionId: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [ann, bob] = [await member(t), await member(t)];
    const asked = await ok(t, bob, 'POST', paths.questions.create, { post: 'Where do retries go?' }, 201);
    target = { postId: (await post(t, bob))._id, questionId: asked.post._id };
  });
  afterAll(() => t.close());

  /** Each kind of send: its request, and how many rows its text made. */
  const kinds = {
    post: {
      url: () => paths.posts.create,
      body: (text: string) => ({ post: text }),
      rows: (text: string) => t.database.db.selectFrom('posts').select('id').where('post', '=', text).where('kind', '=', 'post').execute(),
      id: (answer: any) => answer.post._id as string,
    },
    question: {
      url: () => paths.questions.create,
      body: (text: string) => ({ post: text }),
      rows: (text: string) =>
        t.database.db.selectFrom('posts').select('id').where('post', '=', text).where('kind', '=', 'question').execute(),
      id: (answer: any) => answer.post._id as string,
    },
    comment: {
      url: () => paths.comments.create,
      body: (text: string) => ({ postId: target.postId, comment: text }),
      rows: (text: string) => t.database.db.selectFrom('comments').select('id').where('comment', '=', text).execute(),
      id: (answer: any) => answer.comment._id as string,
    },
    answer: {
      url: () => paths.questions.answer(target.questionId),
      body: (text: string) => ({ answer: text }),
      rows: (text: string) => t.database.db.selectFrom('answers').select('id').where('answer', '=', text).execute(),
      id: (answer: any) => answer.answer._id as string,
    },
    chat: {
      url: () => paths.chat.send,
      body: (text: string) => ({ receiverId: bob.id, body: text }),
      rows: (text: string) => t.database.db.selectFrom('chat_messages').select('id').where('body', '=', text).execute(),
      id: (answer: any) => answer.chat._id as string,
    },
  } as const;
  const kindNames = Object.keys(kinds) as (keyof typeof kinds)[];
  const send = (who: Member, kind: keyof typeof kinds, text: string, clientId?: string) =>
    call(t, who, 'POST', kinds[kind].url(), { ...kinds[kind].body(text), ...(clientId ? { clientId } : {}) });

  it.each(kindNames)('stores a %s sent twice with the same client id once, and answers the retry with the first result', async (kind) => {
    const text = `once ${kind} ${randomUUID()}`;
    const clientId = randomUUID();
    const first = await send(ann, kind, text, clientId);
    const retry = await send(ann, kind, text, clientId);
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.json()).toEqual(first.json());
    expect(await kinds[kind].rows(text)).toEqual([{ id: kinds[kind].id(first.json()) }]);
  });

  it.each(kindNames)('stores a %s sent without a client id every time (as before)', async (kind) => {
    const text = `twice ${kind} ${randomUUID()}`;
    expect((await send(ann, kind, text)).statusCode).toBe(201);
    expect((await send(ann, kind, text)).statusCode).toBe(201);
    expect(await kinds[kind].rows(text)).toHaveLength(2);
  });

  it.each(kindNames)('stores one %s when the same send arrives several times at once', async (kind) => {
    const text = `concurrent ${kind} ${randomUUID()}`;
    const clientId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(ann, kind, text, clientId)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => kinds[kind].id(a.json())));
    expect(ids.size).toBe(1);
    expect((await kinds[kind].rows(text)).map((r) => r.id)).toEqual([...ids]);
  });

  it.each(kindNames)('keeps the same client id of another member apart (%s)', async (kind) => {
    const text = `two members ${kind} ${randomUUID()}`;
    const clientId = randomUUID();
    const mine = await send(ann, kind, text, clientId);
    // Bob cannot chat with himself: he writes to Ann.
    const theirs =
      kind === 'chat'
        ? await call(t, bob, 'POST', paths.chat.send, { receiverId: ann.id, body: text, clientId })
        : await send(bob, kind, text, clientId);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(kinds[kind].id(theirs.json())).not.toBe(kinds[kind].id(mine.json()));
    expect(await kinds[kind].rows(text)).toHaveLength(2);
  });

  it('keeps kinds apart: one client id used for a post and a comment stores both', async () => {
    const clientId = randomUUID();
    const text = `kinds ${clientId}`;
    expect((await send(ann, 'post', text, clientId)).statusCode).toBe(201);
    expect((await send(ann, 'comment', text, clientId)).statusCode).toBe(201);
    expect(await kinds.post.rows(text)).toHaveLength(1);
    expect(await kinds.comment.rows(text)).toHaveLength(1);
  });

  it.each(kindNames)('refuses a malformed client id on a %s with a clear 400', async (kind) => {
    const text = `malformed ${kind} ${randomUUID()}`;
    for (const clientId of ['not-a-uuid', '', 42, `${randomUUID()}0`]) {
      await refused(t, ann, 'POST', kinds[kind].url(), { ...kinds[kind].body(text), clientId }, 400, 'Client id must be a UUID');
    }
    expect(await kinds[kind].rows(text)).toHaveLength(0);
  });

  it('takes a client id in capitals as the same id', async () => {
    const text = `capitals ${randomUUID()}`;
    const clientId = randomUUID();
    const first = await send(ann, 'comment', text, clientId);
    const retry = await send(ann, 'comment', text, clientId.toUpperCase());
    expect(retry.json()).toEqual(first.json());
    expect(await kinds.comment.rows(text)).toHaveLength(1);
  });

  it.each([
    ['post', (answer: any) => `/post/${answer.post._id}`, 'This post was sent before and is no longer available'],
    ['question', (answer: any) => `/post/${answer.post._id}`, 'This question was sent before and is no longer available'],
    ['comment', (answer: any) => `/post/comment/${answer.comment._id}`, 'This comment was sent before and is no longer available'],
    ['answer', (answer: any) => paths.questions.editAnswer(answer.answer._id), 'This answer was sent before and is no longer available'],
  ] as const)('answers a retry of a %s deleted since with 410 and does not store it again', async (kind, itemUrl, message) => {
    const text = `deleted ${kind} ${randomUUID()}`;
    const clientId = randomUUID();
    const first = await send(ann, kind, text, clientId);
    await ok(t, ann, 'DELETE', itemUrl(first.json()));
    await refused(t, ann, 'POST', kinds[kind].url(), { ...kinds[kind].body(text), clientId }, 410, message);
    expect(await kinds[kind].rows(text)).toHaveLength(0);
  });

  it('stores the image of a retried image post once', async () => {
    const imageFiles = async () =>
      (await fs.readdir(path.join(t.dataDir, 'media', 'image'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) =>
        e.isFile(),
      ).length;
    const clientId = randomUUID();
    const body = { post: `image ${clientId}`, image: await imageDataUrl('png'), clientId };
    const before = await imageFiles();
    const first = await ok(t, ann, 'POST', paths.posts.createImage, body, 201);
    const retry = await ok(t, ann, 'POST', paths.posts.createImage, body, 201);
    expect(retry).toEqual(first);
    expect(await kinds.post.rows(body.post)).toHaveLength(1);
    expect(await imageFiles()).toBe(before + 1);
  });
});

describe.each(dialects)('idempotent sends over real sockets on %s', (dialect) => {
  const world = socketWorld(dialect, {
    roles: ['author', 'reader'] as const,
    events: [
      serverEvents.postAdded,
      serverEvents.commentAdded,
      serverEvents.questionAnswers,
      serverEvents.messageReceived,
      serverEvents.notification,
    ],
    siteAdmins: [],
  });
  const { clients, api, watch } = world;

  /** Waits until the reader's socket has an event that `matches` (events on one socket arrive in order). */
  async function arrived(match: (e: { event: string; payload: any }) => boolean) {
    while (!clients.reader.events.some(match)) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  it('emits one socket event and one notification for a send retried with the same client id', async () => {
    const { post: target } = await api('reader', 'POST', paths.posts.create, { post: 'comment here' });
    const { post: question } = await api('reader', 'POST', paths.questions.create, { post: 'answer here' });
    // Comments and answers reach the sockets that show the post.
    await watch([target._id, question._id], ['reader']);
    clients.reader.events = [];
    const ids = { post: randomUUID(), comment: randomUUID(), answer: randomUUID(), chat: randomUUID() };
    const sends = [
      [paths.posts.create, { post: 'one post', clientId: ids.post }],
      [paths.comments.create, { postId: target._id, comment: 'one comment', clientId: ids.comment }],
      [paths.questions.answer(question._id), { answer: 'one answer', clientId: ids.answer }],
      [paths.chat.send, { receiverId: clients.reader.id, body: 'one message', clientId: ids.chat }],
    ] as const;
    for (const [url, body] of sends) {
      const first = await api('author', 'POST', url, body);
      expect(await api('author', 'POST', url, body)).toEqual(first);
    }
    // A last send without a client id: once its event is in, every event of the retries would be too.
    await api('author', 'POST', paths.chat.send, { receiverId: clients.reader.id, body: 'the end' });
    await arrived((e) => e.event === serverEvents.messageReceived && e.payload.body === 'the end');
    // New posts go out in batches, one window apart (posts/announce.ts): a post of a retry would come a window after the first.
    await arrived((e) => e.event === serverEvents.postAdded && e.payload.post.post === 'one post');
    await new Promise((resolve) => setTimeout(resolve, NEW_POSTS_WINDOW_MS + 200));

    const count = (event: string, match: (payload: any) => boolean) =>
      clients.reader.events.filter((e) => e.event === event && match(e.payload)).length;
    expect(count(serverEvents.postAdded, (p) => p.post.post === 'one post')).toBe(1);
    expect(count(serverEvents.commentAdded, (p) => p.comment.comment === 'one comment')).toBe(1);
    expect(count(serverEvents.questionAnswers, (p) => p.questionId === question._id)).toBe(1);
    expect(count(serverEvents.messageReceived, (p) => p.body === 'one message')).toBe(1);
    expect(count(serverEvents.notification, (p) => p.type === 'inbox' && p.notification.kind === 'comment')).toBe(1);
    expect(count(serverEvents.notification, (p) => p.type === 'inbox' && p.notification.kind === 'answer')).toBe(1);
    expect(count(serverEvents.notification, (p) => p.type === 'messages' && p.message.body === 'one message')).toBe(1);
  });
});
