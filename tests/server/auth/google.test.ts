import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema, signUpBodySchema } from '../../../src/api/auth';
import { AVATAR_COLORS } from '../../../src/api/users/avatarColors';
import { usernameBase, usernameCandidate } from '../../../server/modules/auth/google';
import { bearer, createTestApp, dialects, freshAddress, signUp, type TestApp } from '../harness';

const PROJECT = 'stoa-test';
const HOUR = 3600;
const INVALID = { message: 'Google sign-in failed: the token is not valid', statusCode: 401 };
const UNVERIFIED = { message: 'Google sign-in failed: the Google account has no verified e-mail address', statusCode: 401 };

type KeyPair = { publicKey: CryptoKey; privateKey: CryptoKey };

/**
 * A fake of Google's identity service, the outside world: the securetoken key set served over
 * HTTP on 127.0.0.1 (what GOOGLE_JWKS_URL points at), and ID tokens signed the way Firebase
 * signs them. `broken` makes the key set answer 500.
 */
class FakeGoogle {
  broken = false;
  requests = 0;
  private constructor(
    private readonly server: http.Server,
    readonly keys: KeyPair,
    readonly kid: string,
  ) {}

  static async start(): Promise<FakeGoogle> {
    const keys = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'fake-key-1', alg: 'RS256', use: 'sig' };
    let fake: FakeGoogle | undefined;
    const server = http.createServer((request, response) => {
      fake!.requests += 1;
      if (fake!.broken || request.url !== '/jwks') {
        response.writeHead(fake!.broken ? 500 : 404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeGoogle(server, keys, jwk.kid);
    return fake;
  }

  get jwksUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/jwks`;
  }

  /** A Firebase ID token for a Google account; `claims` override or (undefined) remove claims. */
  async token(
    account: { sub: string; email: string; name?: string },
    claims: Record<string, unknown> = {},
    signing: { key?: CryptoKey; kid?: string } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload = {
      iss: `https://securetoken.google.com/${PROJECT}`,
      aud: PROJECT,
      sub: account.sub,
      iat: now - 10,
      exp: now + HOUR,
      auth_time: now - 10,
      user_id: account.sub,
      name: account.name ?? 'Ada Lovelace',
      picture: 'https://lh3.googleusercontent.com/a/photo',
      email: account.email,
      email_verified: true,
      firebase: { identities: { 'google.com': ['1234567890'], email: [account.email] }, sign_in_provider: 'google.com' },
      ...claims,
    };
    for (const [name, value] of Object.entries(claims)) if (value === undefined) delete payload[name];
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: signing.kid ?? this.kid, typ: 'JWT' })
      .sign(signing.key ?? this.keys.privateKey);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const googleEnv = (jwksUrl: string) => ({
  FIREBASE_PROJECT_ID: PROJECT,
  FIREBASE_API_KEY: 'test-api-key',
  FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
  FIREBASE_APP_ID: '1:000000000000:web:0000000000',
  GOOGLE_JWKS_URL: jwksUrl,
});

let accounts = 0;
/** A Google account nobody has used yet. */
function newAccount(name = 'Ada Lovelace') {
  accounts += 1;
  const tag = `${accounts}${Math.random().toString(36).slice(2, 8)}`;
  return { sub: `google-uid-${tag}`, email: `ada.${tag}@gmail.example`, name };
}

describe('usernames for new Google members', () => {
  it.each([
    ['Ada Lovelace', 'ada@example.org', 'AdaLovelace'],
    ['Zoë Ångström-Éclair', 'z@example.org', 'ZoeAngstromEclair'],
    ["Seán O'Brien", 'sean@example.org', 'SeanOBrien'],
    ['李小龍', 'bruce.lee+stoa@example.org', 'bruce.lee'],
    ['', '__x..y__@example.org', 'x.y'],
    ['Al', 'al@example.org', 'Al'],
    ['', '李@example.org', 'member'],
    ['A very very long display name indeed for sure', 'x@example.org', 'Averyverylongdisplaynameindeed'],
  ])('%j <%s> starts from %j', (name, email, base) => {
    expect(usernameBase(name, email)).toBe(base);
  });

  it('appends digits after the first try, and always when the base is too short', () => {
    const half = () => 0.5;
    expect(usernameCandidate('AdaLovelace', 0, half)).toBe('AdaLovelace');
    expect(usernameCandidate('AdaLovelace', 1, half)).toBe('AdaLovelace50');
    expect(usernameCandidate('AdaLovelace', 4, half)).toBe('AdaLovelace5000');
    expect(usernameCandidate('AdaLovelace', 9, half)).toBe('AdaLovelace500000');
    expect(usernameCandidate('Al', 0, half)).toBeNull();
    expect(usernameCandidate('Al', 1, () => 0)).toBe('Al00');
    const long = 'Averyverylongdisplaynameindeed';
    expect(usernameCandidate(long, 7, half)).toHaveLength(30);
    for (const candidate of [usernameCandidate(long, 7, half), usernameCandidate('Al', 1, half), usernameCandidate('x.y', 2, half)]) {
      const parsed = signUpBodySchema.shape.username.safeParse(candidate);
      expect(parsed.success, String(candidate)).toBe(true);
    }
  });
});

describe.each(dialects)('Google sign-in on %s', (dialect) => {
  let google: FakeGoogle;
  let t: TestApp;
  beforeAll(async () => {
    google = await FakeGoogle.start();
    t = await createTestApp(dialect, { env: googleEnv(google.jwksUrl) });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  const googleSignIn = (idToken: string, extra: Record<string, unknown> = {}) =>
    t.api({ method: 'POST', url: '/signin', payload: { provider: 'google', payload: { idToken, ...extra }, rememberMe: false } });
  const signInWith = (idToken: string, rememberMe: boolean) =>
    t.api({ method: 'POST', url: '/signin', payload: { provider: 'google', payload: { idToken }, rememberMe } });

  it('creates a member on the first sign-in, from the token and not from what the client says', async () => {
    const account = newAccount('Grace Hopper');
    const response = await googleSignIn(await google.token({ ...account, email: account.email.toUpperCase() }), {
      displayName: 'Mallory',
      email: 'mallory@example.org',
      photoURL: 'https://evil.example/x.png',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = authResponseSchema.parse(response.json());
    expect(answer.message).toBe('Signed in successfully');
    expect(answer.user).toMatchObject({ email: account.email, role: 'USER', isBanned: false, profilePicture: '' });
    expect(answer.user.username).toMatch(/^GraceHopper(\d{2,6})?$/);
    expect(AVATAR_COLORS).toContain(answer.user.avatarColor);
    // The avatar is drawn here (a letter on the colour) and served like any other.
    expect(answer.user.avatarImage).toMatch(/^\/media\/image\/upload\/v\d+\//);
    const image = await t.inject({ method: 'GET', url: answer.user.avatarImage });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const me = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(answer.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(answer.user._id);
    const check = await t.api({ method: 'POST', url: `/checkUser/${answer.user.authId}`, headers: bearer(answer.token) });
    expect(check.json()).toEqual({ isBanned: false });
    expect(google.requests).toBeGreaterThan(0);
  });

  it('finds the same member on the next sign-in, with the session lifetimes of a password sign-in', async () => {
    const account = newAccount();
    const first = await signInWith(await google.token(account), false);
    const second = await signInWith(await google.token(account), true);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toEqual(first.json().user);
    const short = decodeJwt(first.json().token);
    const long = decodeJwt(second.json().token);
    expect(short.exp! - short.iat!).toBe(12 * HOUR);
    expect(long.exp! - long.iat!).toBe(30 * 24 * HOUR);
    expect(short).toMatchObject({ sub: first.json().user._id, authId: first.json().user.authId, role: 'USER', tv: 0 });
    // The link is the Google account, not the address: it still finds them after a change of e-mail at Google.
    const moved = await googleSignIn(await google.token({ ...account, email: `moved.${account.email}` }));
    expect(moved.json().user._id).toBe(first.json().user._id);
  });

  it('gives two people with the same name different usernames', async () => {
    const a = await googleSignIn(await google.token(newAccount('Twin Name')));
    const b = await googleSignIn(await google.token(newAccount('Twin Name')));
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().user.username).not.toBe(a.json().user.username);
    for (const name of [a.json().user.username, b.json().user.username]) {
      expect(name).toMatch(/^TwinName(\d{2}|\d{4}|\d{6})?$/);
    }
  });

  it('links a Google account to the member with the same verified e-mail', async () => {
    const member = await signUp(t);
    const account = { sub: `google-uid-linked-${member.user._id}`, email: member.body.email.toUpperCase(), name: 'Someone Else' };
    const response = await googleSignIn(await google.token(account));
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      _id: member.user._id,
      username: member.body.username,
      avatarImage: member.user.avatarImage,
    });
    // The password still works, and Google keeps finding the member.
    const local = await t.api({
      method: 'POST',
      url: '/signin',
      payload: { provider: 'local', username: member.body.email, password: member.body.password },
    });
    expect(local.statusCode).toBe(200);
    expect((await googleSignIn(await google.token(account))).json().user._id).toBe(member.user._id);
    // Another Google account with that address is not linked over the first.
    const other = await googleSignIn(await google.token({ ...account, sub: `${account.sub}-other` }));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: 'This e-mail address is already linked to another Google account', statusCode: 409 });
  });

  it('refuses a password sign-in for a member who only has Google, like a wrong password', async () => {
    const account = newAccount();
    const created = (await googleSignIn(await google.token(account))).json();
    for (const username of [created.user.username, account.email]) {
      const response = await t.api({
        method: 'POST',
        url: '/signin',
        payload: { provider: 'local', username, password: 'any password at all' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid credentials', statusCode: 401 });
    }
  });

  it('lets a banned member sign in with isBanned true, as with a password', async () => {
    const account = newAccount();
    const created = (await googleSignIn(await google.token(account))).json();
    await t.app.services.users.setBanned(created.user._id, true, new Date().toISOString());
    const response = await googleSignIn(await google.token(account));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.isBanned).toBe(true);
    const check = await t.api({ method: 'POST', url: `/checkUser/${created.user.authId}`, headers: bearer(response.json().token) });
    expect(check.json()).toEqual({ isBanned: true });
    const elsewhere = await t.api({
      method: 'PUT',
      url: '/currentuser',
      headers: bearer(response.json().token),
      payload: { avatarColor: '#000000' },
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  describe('refuses tokens that do not prove a Google sign-in to this project', () => {
    const now = () => Math.floor(Date.now() / 1000);
    it.each<[string, () => Promise<string>, typeof INVALID]>([
      ['another audience', () => google.token(newAccount(), { aud: 'someone-elses-project' }), INVALID],
      ['another issuer', () => google.token(newAccount(), { iss: 'https://securetoken.google.com/someone-elses-project' }), INVALID],
      ['an issuer that is not Google', () => google.token(newAccount(), { iss: 'https://evil.example/stoa-test' }), INVALID],
      [
        'an expired token',
        () => google.token(newAccount(), { iat: now() - 2 * HOUR, exp: now() - HOUR, auth_time: now() - 2 * HOUR }),
        INVALID,
      ],
      ['a token issued in the future', () => google.token(newAccount(), { iat: now() + HOUR, exp: now() + 2 * HOUR }), INVALID],
      ['an authentication time in the future', () => google.token(newAccount(), { auth_time: now() + HOUR }), INVALID],
      ['no authentication time', () => google.token(newAccount(), { auth_time: undefined }), INVALID],
      ['an empty subject', () => google.token(newAccount(), { sub: '' }), INVALID],
      ['a sign-in that was not Google', () => google.token(newAccount(), { firebase: { sign_in_provider: 'anonymous' } }), INVALID],
      ['an unverified e-mail', () => google.token(newAccount(), { email_verified: false }), UNVERIFIED],
      ['no e-mail', () => google.token(newAccount(), { email: undefined, email_verified: undefined }), UNVERIFIED],
      [
        'a signature by another key',
        async () => google.token(newAccount(), {}, { key: (await generateKeyPair('RS256')).privateKey }),
        INVALID,
      ],
      [
        'a signature by another key with an unknown key id',
        async () => google.token(newAccount(), {}, { key: (await generateKeyPair('RS256')).privateKey, kid: 'unknown' }),
        INVALID,
      ],
      [
        'an HS256 token',
        async () =>
          new SignJWT({ ...decodeJwt(await google.token(newAccount())) })
            .setProtectedHeader({ alg: 'HS256', kid: google.kid })
            .sign(new TextEncoder().encode('x'.repeat(32))),
        INVALID,
      ],
      ['an unsigned token', async () => `${(await google.token(newAccount())).split('.').slice(0, 2).join('.')}.`, INVALID],
      ['something that is not a token', async () => 'not-a-token', INVALID],
    ])('%s: 401', async (_name, makeToken, expected) => {
      const before = await t.database.db
        .selectFrom('users')
        .select(({ fn }) => fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      const response = await googleSignIn(await makeToken());
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(expected);
      const after = await t.database.db
        .selectFrom('users')
        .select(({ fn }) => fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('and a token that expired by the server clock', async () => {
      const token = await google.token(newAccount());
      t.clock.advance(2 * HOUR * 1000);
      try {
        const response = await googleSignIn(token);
        expect(response.json()).toEqual(INVALID);
      } finally {
        t.clock.offsetMs = 0;
      }
    });

    it('and a body without a token (400)', async () => {
      const response = await t.api({ method: 'POST', url: '/signin', payload: { provider: 'google', payload: {} } });
      expect(response.statusCode).toBe(400);
    });
  });
});

describe.each(dialects)('Google sign-in settings on %s', (dialect) => {
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await FakeGoogle.start();
  });
  afterAll(() => google.close());

  it('answers 501 when Google sign-in is off (no FIREBASE_PROJECT_ID)', async () => {
    const t = await createTestApp(dialect, { env: { GOOGLE_JWKS_URL: google.jwksUrl } });
    try {
      const config = await t.api({ method: 'GET', url: '/config' });
      expect(config.json()).toMatchObject({ googleSignIn: false, firebase: null });
      const response = await t.api({
        method: 'POST',
        url: '/signin',
        payload: { provider: 'google', payload: { idToken: await google.token(newAccount()) } },
      });
      expect(response.statusCode).toBe(501);
      expect(response.json()).toEqual({ message: 'Google sign-in is not available', statusCode: 501 });
    } finally {
      await t.close();
    }
  });

  it("answers 503 while Google's key set cannot be fetched, and recovers", async () => {
    const t = await createTestApp(dialect, { env: googleEnv(google.jwksUrl) });
    try {
      const config = await t.api({ method: 'GET', url: '/config' });
      expect(config.json()).toMatchObject({ googleSignIn: true, firebase: { projectId: PROJECT } });
      const idToken = await google.token(newAccount());
      google.broken = true;
      const down = await t.api({ method: 'POST', url: '/signin', payload: { provider: 'google', payload: { idToken } } });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ message: 'Google sign-in is unavailable right now. Please try again later.', statusCode: 503 });
      google.broken = false;
      const up = await t.api({ method: 'POST', url: '/signin', payload: { provider: 'google', payload: { idToken } } });
      expect(up.statusCode).toBe(200);
    } finally {
      google.broken = false;
      await t.close();
    }
  });

  it('limits failed Google sign-ins per address like password sign-ins (25 per 5 minutes), never successful ones', async () => {
    const t = await createTestApp(dialect, { env: googleEnv(google.jwksUrl), realRateLimits: true });
    try {
      const ip = freshAddress();
      const attempt = async (address: string) =>
        t.api({
          method: 'POST',
          url: '/signin',
          remoteAddress: address,
          payload: { provider: 'google', payload: { idToken: await google.token(newAccount()) } },
        });
      const max = t.config.rateLimits.signInPerIp.max;
      // A class behind one address signs in together.
      for (let i = 0; i < max + 5; i += 1) expect((await attempt(ip)).statusCode).toBe(200);
      const failing = () =>
        t.api({ method: 'POST', url: '/signin', remoteAddress: ip, payload: { provider: 'google', payload: { idToken: 'not-a-token' } } });
      for (let i = 0; i < max; i += 1) expect((await failing()).statusCode).toBe(401);
      const limited = await attempt(ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await attempt(freshAddress())).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
