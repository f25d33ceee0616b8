import sharp from 'sharp';
import { expect } from 'vitest';
import type { Post } from '../../src/api/posts';
import { bearer, signUp, type TestApp } from './harness';

/** Helpers for the streams tests: members, their calls, posts, follows and blocks. */
export interface Member {
  id: string;
  token: string;
  username: string;
  email: string;
  isAdmin: boolean;
}

export async function member(t: TestApp, options: { admin?: boolean } = {}): Promise<Member> {
  const answer = await signUp(t);
  if (options.admin) await t.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', answer.user._id).execute();
  return {
    id: answer.user._id,
    token: answer.token,
    username: answer.user.username,
    email: answer.user.email,
    isAdmin: Boolean(options.admin),
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call under /api/v1 as the member (or anonymous with null). */
export const call = (t: TestApp, who: Member | null, method: Method, url: string, payload?: unknown) =>
  t.api({ method, url, ...(who ? { headers: bearer(who.token) } : {}), ...(payload !== undefined ? { payload: payload as object } : {}) });

/** Calls and expects the status, answering the JSON body. */
export async function ok<T = any>(
  t: TestApp,
  who: Member | null,
  method: Method,
  url: string,
  payload?: unknown,
  status = 200,
): Promise<T> {
  const response = await call(t, who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as T;
}

export async function post(t: TestApp, who: Member, body: Record<string, unknown> = {}): Promise<Post> {
  return (await ok(t, who, 'POST', '/post', { post: 'hello', ...body }, 201)).post;
}

export const follow = (t: TestApp, who: Member, target: Member) => ok(t, who, 'PUT', `/user/follow/${target.id}`);
export const block = (t: TestApp, who: Member, target: Member) => ok(t, who, 'PUT', `/user/block/${target.id}`);

/** Expects the error shape with this status and message. */
export async function refused(
  t: TestApp,
  who: Member | null,
  method: Method,
  url: string,
  payload: unknown,
  status: number,
  message?: string | RegExp,
) {
  const response = await call(t, who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  const body = response.json();
  expect(body.statusCode).toBe(status);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body as { message: string; statusCode: number };
}

const cache = new Map<string, string>();
/** A real image as a data URL (cached): `jpeg` carries EXIF with GPS, as phone photos do. */
export async function imageDataUrl(kind: 'png' | 'jpeg' | 'big-jpeg' = 'png'): Promise<string> {
  const hit = cache.get(kind);
  if (hit) return hit;
  const base = sharp({
    create: { width: kind === 'big-jpeg' ? 3000 : 64, height: kind === 'big-jpeg' ? 1500 : 48, channels: 3, background: '#336699' },
  });
  const bytes =
    kind === 'png'
      ? await base.png().toBuffer()
      : await base
          .jpeg()
          .withExif({ IFD0: { Copyright: 'Someone', Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
          .toBuffer();
  const url = `data:image/${kind === 'png' ? 'png' : 'jpeg'};base64,${bytes.toString('base64')}`;
  cache.set(kind, url);
  return url;
}

/** The first bytes of an MP4 (an ftyp box) or a WebM (an EBML header naming webm), padded. */
export function videoDataUrl(kind: 'mp4' | 'webm' = 'mp4', size = 2048): string {
  const head =
    kind === 'mp4'
      ? Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')])
      : Buffer.from([
          0x1a,
          0x45,
          0xdf,
          0xa3,
          0x9f,
          0x42,
          0x86,
          0x81,
          0x01,
          0x42,
          0x82,
          0x84,
          ...Buffer.from('webm'),
          0x42,
          0x87,
          0x81,
          0x04,
        ]);
  const bytes = Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 7)]);
  return `data:video/${kind};base64,${bytes.toString('base64')}`;
}

export const textFileAsPng = () => `data:image/png;base64,${Buffer.from('just some text, renamed to photo.png\n').toString('base64')}`;
