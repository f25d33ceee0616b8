import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../../server/modules/auth/tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256!';
const claims = { sub: 'user-1', authId: 'auth-1', username: 'ada', role: 'USER' as const, tv: 0, jti: 'session-1' };

function world(cacheSize?: number) {
  let now = new Date('2026-11-26T10:00:00.000Z');
  const clock = { now: () => now };
  const tokens = createTokenService(SECRET, clock, cacheSize === undefined ? {} : { cacheSize });
  return { tokens, advance: (ms: number) => (now = new Date(now.getTime() + ms)), at: (ms: number) => new Date(now.getTime() + ms) };
}

/** The token with one character of its signature changed (still base64url). */
const tampered = (token: string) => token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);

describe('token service (verified-token cache)', () => {
  it('reads its own token, again and again, to the same claims', async () => {
    const { tokens, at } = world();
    const token = await tokens.sign(claims, at(60_000));
    const first = await tokens.read(token);
    expect(first).toMatchObject(claims);
    expect(await tokens.read(token)).toEqual(first);
  });

  it('never remembers a bad token: a tampered signature is refused before and after the good one is read', async () => {
    const { tokens, at } = world();
    const token = await tokens.sign(claims, at(60_000));
    expect(await tokens.read(tampered(token))).toBeNull();
    expect(await tokens.read(token)).not.toBeNull();
    expect(await tokens.read(tampered(token))).toBeNull();
    const other = createTokenService('another-secret-entirely-of-enough-length!!', { now: () => new Date('2026-11-26T10:00:00.000Z') });
    expect(await other.read(token)).toBeNull();
  });

  it('a remembered token still expires at its exp, by the service clock', async () => {
    const { tokens, at, advance } = world();
    const token = await tokens.sign(claims, at(60_000));
    expect(await tokens.read(token)).not.toBeNull();
    advance(59_000);
    expect(await tokens.read(token)).not.toBeNull();
    advance(1_000);
    expect(await tokens.read(token)).toBeNull();
    expect(await tokens.read(token)).toBeNull();
  });

  it('claims handed out cannot be changed by a caller for the next request', async () => {
    const { tokens, at } = world();
    const token = await tokens.sign(claims, at(60_000));
    const read = await tokens.read(token);
    expect(() => Object.assign(read!, { role: 'ADMIN' })).toThrow();
    expect((await tokens.read(token))?.role).toBe('USER');
  });

  it('keeps a bounded number of tokens and still reads the ones it let go', async () => {
    const { tokens, at } = world(2);
    const signed = await Promise.all([1, 2, 3].map((n) => tokens.sign({ ...claims, jti: `session-${n}` }, at(60_000))));
    for (const token of signed) expect((await tokens.read(token))?.jti).toBe(`session-${signed.indexOf(token) + 1}`);
    for (const token of signed) expect((await tokens.read(token))?.jti).toBe(`session-${signed.indexOf(token) + 1}`);
  });
});
