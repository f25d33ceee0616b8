import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../../src/api/auth';
import { bearer, createTestApp, dialects, newMember, signUp, type TestApp } from '../harness';

describe.each(dialects)('sign-up on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('creates a member and answers 201 with a working token', async () => {
    const body = await newMember({ email: 'Mixed.Case@Example.org' });
    const response = await t.api({ method: 'POST', url: '/signup', payload: body });
    expect(response.statusCode).toBe(201);
    const answer = authResponseSchema.parse(response.json());
    expect(answer.message).toBe('Account created successfully');
    expect(answer.user).toMatchObject({
      username: body.username,
      email: 'mixed.case@example.org',
      avatarColor: '#f33e58',
      profilePicture: '',
      isBanned: false,
      role: 'USER',
      personalizeSettings: { allowPersonalize: true },
    });
    expect(answer.user._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(answer.user.authId).not.toBe(answer.user._id);
    expect(new Date(answer.user.createdAt).toISOString()).toBe(answer.user.createdAt);
    expect(JSON.stringify(answer)).not.toMatch(/password|hash/i);

    const me = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(answer.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(answer.user._id);
  });

  it('stores the avatar re-encoded as a 200x200 PNG at a /media URL', async () => {
    const small = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const { user } = await signUp(t, { avatarImage: `data:image/png;base64,${small.toString('base64')}` });
    expect(user.avatarImage).toMatch(/^\/media\/image\/upload\/v\d+\/[0-9a-f-]{36}$/);
    const image = await t.inject({ method: 'GET', url: user.avatarImage });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 200, height: 200 });
    const [, , , version, id] = user.avatarImage.split('/').slice(1);
    await expect(fs.stat(path.join(t.dataDir, 'media', 'image', version!, `${id}.png`))).resolves.toBeTruthy();
  });

  it('refuses an avatar that is not really a PNG', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const disguised = await t.api({
      method: 'POST',
      url: '/signup',
      payload: await newMember({ avatarImage: `data:image/png;base64,${jpeg.toString('base64')}` }),
    });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe('Avatar image must be a PNG image');

    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really')]);
    const truncated = await t.api({
      method: 'POST',
      url: '/signup',
      payload: await newMember({ avatarImage: `data:image/png;base64,${broken.toString('base64')}` }),
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe('Avatar image could not be read');

    const notDataUrl = await t.api({
      method: 'POST',
      url: '/signup',
      payload: await newMember({ avatarImage: 'https://evil.example/x.png' }),
    });
    expect(notDataUrl.statusCode).toBe(400);
    expect(notDataUrl.json().message).toBe('Avatar image must be a PNG data URL');
  });

  it('refuses a taken username, whatever its case', async () => {
    const first = await signUp(t);
    const response = await t.api({
      method: 'POST',
      url: '/signup',
      payload: await newMember({ username: first.body.username.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Username is already taken',
      statusCode: 409,
      issues: [{ path: 'username', message: 'Username is already taken' }],
    });
  });

  it('names both fields when the username and the e-mail are both taken', async () => {
    const first = await signUp(t);
    const response = await t.api({
      method: 'POST',
      url: '/signup',
      payload: await newMember({ username: first.body.username, email: first.body.email }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Username is already taken',
      statusCode: 409,
      issues: [
        { path: 'username', message: 'Username is already taken' },
        { path: 'email', message: 'Email is already registered' },
      ],
    });
  });

  it('answers every field at fault at once, each with its path', async () => {
    const body = { ...(await newMember()), username: 'ab', email: 'not-an-email', password: 'short' };
    const response = await t.api({ method: 'POST', url: '/signup', payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'username', message: 'Username must be at least 3 characters' },
        { path: 'email', message: 'Email must be a valid email address' },
        { path: 'password', message: 'Password must be at least 8 characters' },
      ]),
    );
  });

  it('refuses a registered e-mail, whatever its case or spaces', async () => {
    const first = await signUp(t);
    const response = await t.api({
      method: 'POST',
      url: '/signup',
      payload: await newMember({ email: `  ${first.body.email.toUpperCase()} ` }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Email is already registered',
      statusCode: 409,
      issues: [{ path: 'email', message: 'Email is already registered' }],
    });
  });

  it('keeps only one account (and one avatar file) when identical sign-ups race', async () => {
    const countImages = async () =>
      (await fs.readdir(path.join(t.dataDir, 'media', 'image'), { recursive: true })).filter((f) => String(f).endsWith('.png')).length;
    const before = await countImages();
    const body = await newMember();
    const answers = await Promise.all([1, 2, 3].map(() => t.api({ method: 'POST', url: '/signup', payload: body })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await countImages()).toBe(before + 1);
  });

  it('ignores a role, ban or id sent in the body', async () => {
    const body = { ...(await newMember()), role: 'ADMIN', isBanned: true, _id: 'mine', authId: 'mine' };
    const response = await t.api({ method: 'POST', url: '/signup', payload: body });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ role: 'USER', isBanned: false });
    expect(response.json().user._id).not.toBe('mine');
  });

  const invalid: Array<[string, (body: Record<string, unknown>) => void, string]> = [
    ['missing username', (b) => delete b.username, 'Username is required'],
    ['short username', (b) => (b.username = 'ab'), 'Username must be at least 3 characters'],
    ['long username', (b) => (b.username = 'a'.repeat(31)), 'Username must not exceed 30 characters'],
    ['odd username', (b) => (b.username = 'no spaces'), 'Username may contain only letters, numbers, dots and underscores'],
    ['missing email', (b) => delete b.email, 'Email is required'],
    ['bad email', (b) => (b.email = 'not-an-email'), 'Email must be a valid email address'],
    ['missing password', (b) => delete b.password, 'Password is required'],
    ['short password', (b) => (b.password = 'short'), 'Password must be at least 8 characters'],
    ['long password', (b) => (b.password = 'x'.repeat(129)), 'Password must not exceed 128 characters'],
    ['number as username', (b) => (b.username = 12345), 'Username is required'],
    ['bad colour', (b) => (b.avatarColor = 'red'), 'Colour must be a #rrggbb value'],
  ];
  it.each(invalid)('answers 400 with the field message for %s', async (_name, change, message) => {
    const body = (await newMember()) as unknown as Record<string, unknown>;
    change(body);
    const response = await t.api({ method: 'POST', url: '/signup', payload: body });
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.message).toBe(message);
    expect(answer.statusCode).toBe(400);
    expect(answer.issues[0]).toEqual({ path: expect.any(String), message });
  });

  it('answers 400 for an empty body', async () => {
    const response = await t.api({ method: 'POST', url: '/signup' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Request body must be a JSON object');
  });

  it('lets a large avatar (near the schema bound) through the body limit', async () => {
    const noise = Buffer.from(Array.from({ length: 260 * 260 * 4 }, () => Math.floor(Math.random() * 256)));
    const png = await sharp(noise, { raw: { width: 260, height: 260, channels: 4 } })
      .png()
      .toBuffer();
    const avatarImage = `data:image/png;base64,${png.toString('base64')}`;
    expect(avatarImage.length).toBeGreaterThan(300_000);
    expect(avatarImage.length).toBeLessThan(400_000);
    const { user } = await signUp(t, { avatarImage });
    const image = await t.inject({ method: 'GET', url: user.avatarImage });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 200, height: 200 });
  });
});
