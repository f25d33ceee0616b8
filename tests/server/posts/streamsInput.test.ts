import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNED_MESSAGE } from '../../../src/api/constants';
import { createTestApp, dialects, type TestApp } from '../harness';
import { call, member, ok, type Member, type Method } from '../social';

/** Every streams endpoint, with ids filled in by `at` and a body that would be accepted. */
type Endpoint = [Method, (ids: Ids) => string, ((ids: Ids) => unknown)?];
interface Ids {
  post: string;
  question: string;
  answer: string;
  comment: string;
  user: string;
  image: string;
}

const ENDPOINTS: Endpoint[] = [
  ['GET', () => '/post/all/1'],
  ['GET', (i) => `/post/${i.post}`],
  ['GET', (i) => `/post/user/${i.user}/1`],
  ['GET', (i) => `/user/profile/posts/${i.user}/all/1`],
  ['GET', () => '/post/images/1'],
  ['GET', () => '/post/videos/1'],
  ['POST', () => '/post', () => ({ post: 'x' })],
  ['POST', () => '/post/image/post', () => ({ image: 'data:image/png;base64,AAAA' })],
  ['POST', () => '/post/video/post', () => ({ video: 'data:video/mp4;base64,AAAA' })],
  ['PUT', (i) => `/post/${i.post}`, () => ({ post: 'y' })],
  ['PUT', (i) => `/post/image/${i.post}`, () => ({ image: 'data:image/png;base64,AAAA' })],
  ['PUT', (i) => `/post/video/${i.post}`, () => ({ video: 'data:video/mp4;base64,AAAA' })],
  ['DELETE', (i) => `/post/${i.post}`],
  ['POST', () => '/question', () => ({ post: 'why?' })],
  ['GET', () => '/question/all/1'],
  ['GET', (i) => `/question/${i.question}`],
  ['POST', (i) => `/question/${i.question}/answer`, () => ({ answer: 'because' })],
  ['PUT', (i) => `/question/${i.question}/accept/${i.answer}`],
  ['DELETE', (i) => `/question/${i.question}/accept`],
  ['PUT', (i) => `/question/answer/${i.answer}`, () => ({ answer: 'still' })],
  ['DELETE', (i) => `/question/answer/${i.answer}`],
  ['GET', (i) => `/user/profile/answers/${i.user}/all/newest?page=1`],
  ['POST', () => '/post/reaction', (i) => ({ postId: i.post, type: 'like' })],
  ['DELETE', (i) => `/post/reaction/${i.post}`],
  ['DELETE', (i) => `/post/reaction/${i.post}/like/%7B%7D`],
  ['GET', (i) => `/post/reactions/${i.post}`],
  ['GET', () => '/post/reactions/username/someone'],
  ['GET', (i) => `/post/single/reaction/username/someone/${i.post}`],
  ['POST', () => '/post/comment', (i) => ({ postId: i.post, comment: 'hi' })],
  ['GET', (i) => `/post/comments/${i.post}`],
  ['GET', (i) => `/post/commentsnames/${i.post}`],
  ['PUT', (i) => `/post/comment/${i.comment}`, () => ({ comment: 'edited' })],
  ['DELETE', (i) => `/post/comment/${i.comment}`],
  ['POST', () => '/favpost', (i) => ({ postId: i.post })],
  ['GET', () => '/favpost/1'],
  ['PUT', (i) => `/user/follow/${i.user}`],
  ['PUT', (i) => `/user/unfollow/${i.user}`],
  ['PUT', (i) => `/user/block/${i.user}`],
  ['PUT', (i) => `/user/unblock/${i.user}`],
  ['GET', (i) => `/user/followers/${i.user}`],
  ['GET', (i) => `/user/following/${i.user}`],
  ['GET', () => '/user/blocked'],
  ['POST', () => '/images/profile', () => ({ image: 'data:image/png;base64,AAAA' })],
  ['GET', (i) => `/images/${i.user}`],
  ['DELETE', (i) => `/images/${i.image}`],
  ['POST', (i) => `/post/group/${i.post}`, () => ({ post: 'x' })],
  ['GET', (i) => `/group/${i.post}/posts/1`],
  ['GET', (i) => `/group/${i.post}/postspending/1`],
  ['PUT', (i) => `/group/post/${i.post}/accept`],
  ['PUT', (i) => `/group/post/${i.post}/decline`],
];

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

describe.each(dialects)('every streams endpoint guards its input on %s', (dialect) => {
  let t: TestApp;
  let owner: Member;
  let banned: Member;
  let ids: Ids;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [owner, banned] = [await member(t), await member(t)];
    const p = (await ok(t, owner, 'POST', '/post', { post: 'p' }, 201)).post;
    const q = (await ok(t, owner, 'POST', '/question', { post: 'q?' }, 201)).post;
    const a = (await ok(t, owner, 'POST', `/question/${q._id}/answer`, { answer: 'a' }, 201)).answer;
    const c = (await ok(t, owner, 'POST', '/post/comment', { postId: p._id, comment: 'c' }, 201)).comment;
    ids = { post: p._id, question: q._id, answer: a._id, comment: c._id, user: banned.id, image: p._id };
    await t.app.services.users.setBanned(banned.id, true, new Date().toISOString());
  });
  afterAll(() => t.close());

  it('refuses anonymous callers with 401 on every endpoint', async () => {
    const wrong: string[] = [];
    for (const [method, url, body] of ENDPOINTS) {
      const response = await call(t, null, method, url(ids), body?.(ids));
      if (response.statusCode !== 401 || response.json().message !== 'Please sign in to continue')
        wrong.push(`${method} ${url(ids)}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses banned members with 403 on every endpoint', async () => {
    const wrong: string[] = [];
    for (const [method, url, body] of ENDPOINTS) {
      const response = await call(t, banned, method, url(ids), body?.(ids));
      if (response.statusCode !== 403 || response.json().message !== BANNED_MESSAGE)
        wrong.push(`${method} ${url(ids)}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers malformed ids in a path with the 404 of a missing item, in a body with a 400 naming the id, never a 5xx', async () => {
    const wrong: string[] = [];
    for (const [method, url, body] of ENDPOINTS) {
      const path = url(ids);
      const payload = body?.(ids);
      const badPath = path.replace(ID, 'not-an-id');
      const badPayload = payload && JSON.parse(JSON.stringify(payload).replace(ID, "1' or '1'='1"));
      if (badPath === path && JSON.stringify(badPayload) === JSON.stringify(payload)) continue;
      const response = await call(t, owner, method, badPath, badPayload);
      const status = response.statusCode;
      const message = response.json().message as string;
      const fine =
        badPath !== path ? status === 404 && /^[A-Z]\w+ not found$/.test(message) : status === 400 && /^Invalid \w+ id$/.test(message);
      if (!fine) wrong.push(`${method} ${badPath}: ${status} ${response.json().message}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers bodies of the wrong shape with 400, never a 5xx', async () => {
    const wrong: string[] = [];
    for (const [method, url, body] of ENDPOINTS) {
      if (!body) continue;
      for (const payload of [
        [1, 2],
        'text',
        { post: { $gt: '' }, comment: ['x'], answer: 7, image: 12, video: null, postId: 5, type: {} },
      ]) {
        const response = await call(t, owner, method, url(ids), payload);
        const status = response.statusCode;
        const fine = status === 415 || status === 400;
        if (!fine) wrong.push(`${method} ${url(ids)} ${JSON.stringify(payload)}: ${status} ${response.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a NUL character in any path id, query or body text with a 400 naming the field, never a 5xx', async () => {
    const wrong: string[] = [];
    for (const [method, url, body] of ENDPOINTS) {
      const path = url(ids);
      const payload = body?.(ids);
      const tries: [string, unknown][] = [
        [path.replace(ID, (id) => `${id}%00`), payload],
        [`${path}${path.includes('?') ? '&' : '?'}page=1%00`, payload],
      ];
      if (payload) tries.push([path, JSON.parse(JSON.stringify(payload).replace(/":"/g, '":"\\u0000'))]);
      for (const [tryPath, tryPayload] of tries) {
        if (tryPath === path && tryPayload === payload) continue;
        const response = await call(t, owner, method, tryPath, tryPayload);
        if (response.statusCode !== 400 || !/^[\w.]+ must not contain a NUL character$/.test(response.json().message)) {
          wrong.push(`${method} ${tryPath} ${JSON.stringify(tryPayload)}: ${response.statusCode} ${response.json().message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
