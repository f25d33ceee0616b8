import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../server/clock';
import { loadConfig, type Config } from '../../../server/config';
import { createS3Storage } from '../../../server/media/s3Storage';
import { MOVE_USAGE, moveMedia, parseMoveArgs } from '../../../server/media/move';
import type { MediaStorage } from '../../../server/media/storage';
import { createTestApp, dialects, signUp, type TestApp } from '../harness';
import { imageDataUrl, ok, videoDataUrl, type Member } from '../social';
import { startS3Server, storedNames, type TestS3Server } from './mediaStores';

/** `npm run media:move` (scripts/media-move.ts, server/media/move.ts): a community's media to a bucket and back. */
const SCRIPT = path.resolve('scripts/media-move.ts');
const TSX = path.resolve('node_modules/tsx/dist/cli.mjs');

describe.each(dialects)('moving the media on %s', (dialect) => {
  let s3: TestS3Server;
  let onDisk: TestApp;
  let bucket: MediaStorage;
  let bucketConfig: Config['media'];
  let author: Member;
  const urls: string[] = [];
  const served = new Map<string, Buffer>();

  beforeAll(async () => {
    s3 = await startS3Server();
    onDisk = await createTestApp(dialect);
    bucketConfig = loadConfig({ DATA_DIR: onDisk.dataDir, ...s3.env }).media;
    bucket = createS3Storage(bucketConfig as Extract<Config['media'], { kind: 's3' }>, systemClock);
    const signedUp = await signUp(onDisk);
    author = { id: signedUp.user._id, token: signedUp.token, username: signedUp.user.username, email: signedUp.user.email, isAdmin: false };
    const photo = (await ok(onDisk, author, 'POST', '/post/image/post', { image: await imageDataUrl('big-jpeg') }, 201)).post;
    const film = (await ok(onDisk, author, 'POST', '/post/video/post', { video: videoDataUrl('mp4') }, 201)).post;
    const gallery = await ok(onDisk, author, 'POST', '/images/gallery', { image: await imageDataUrl() }, 201);
    urls.push(signedUp.user.avatarImage, photo.image, film.video, gallery.url);
    for (const url of urls) {
      const answer = await onDisk.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      served.set(url, answer.rawPayload);
    }
  });
  afterAll(async () => {
    await bucket.close();
    await onDisk.close();
    await s3.close();
  });

  /** A server on the same database and DATA_DIR whose media are in the bucket. */
  async function onBucket(): Promise<TestApp> {
    let ownDir = '';
    const app = await createTestApp(dialect, {
      adjust: (config) => {
        ownDir = config.dataDir;
        return {
          ...config,
          dataDir: onDisk.dataDir,
          database: onDisk.config.database,
          jwtSecret: onDisk.config.jwtSecret,
          media: bucketConfig,
        };
      },
    });
    await fs.rm(ownDir, { recursive: true, force: true });
    return {
      ...app,
      // The database and DATA_DIR are the disk server's: closing this one closes only its own parts.
      close: async () => {
        await app.app.close();
        await app.database.destroy();
      },
    };
  }

  it('moves them to a bucket and back: the same URLs serve the same bytes; runs again copy nothing; an interrupted run is finished', async () => {
    const disk = onDisk.app.services.media;
    const onDiskNames = await storedNames(onDisk);
    expect(onDiskNames).toHaveLength(4);

    // An earlier run that stopped after one file: that file is in the bucket already.
    const first = (await disk.list()[Symbol.asyncIterator]().next()).value!;
    const copy = (await disk.read(first))!;
    await bucket.write(first, copy.body, copy.type, copy.size);

    // The command itself, as an operator runs it (while the server still serves from disk).
    const run = await promisify(execFile)(process.execPath, [TSX, SCRIPT, '--to', 's3'], {
      env: { ...process.env, DATA_DIR: onDisk.dataDir, LOG_LEVEL: 'silent', ...s3.env },
    });
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^Media to the bucket: 3 copied \([\d.]+ MB\), 1 already there, 0 failed\.$/);
    expect(await storedNames(onDisk)).toEqual(onDiskNames);

    // Idempotent: a second run finds everything there.
    expect(await moveMedia(disk, bucket)).toMatchObject({ copied: 0, present: 4, removed: 0, failed: [] });

    const fromBucket = await onBucket();
    try {
      expect(fromBucket.app.services.media.kind).toBe('s3');
      expect(await storedNames(fromBucket)).toEqual(onDiskNames);
      for (const url of urls) {
        const answer = await fromBucket.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.rawPayload.equals(served.get(url)!), url).toBe(true);
        expect(answer.headers['content-type']).toBe((await onDisk.inject({ method: 'GET', url })).headers['content-type']);
      }
      // Now on the bucket, the community goes on: a new picture lands there only.
      const later = (await ok(fromBucket, author, 'POST', '/post/image/post', { image: await imageDataUrl('png') }, 201)).post;
      urls.push(later.image);
      served.set(later.image, (await fromBucket.inject({ method: 'GET', url: later.image })).rawPayload);
      expect((await onDisk.inject({ method: 'GET', url: later.image })).statusCode).toBe(404);

      // And back to disk, emptying the bucket.
      const back = await moveMedia(bucket, disk, { removeSource: true });
      expect(back).toMatchObject({ copied: 1, present: 4, removed: 5, failed: [] });
      expect(await storedNames(fromBucket)).toEqual([]);
    } finally {
      await fromBucket.close();
    }
    expect(await storedNames(onDisk)).toEqual([...onDiskNames, urls.at(-1)!.split('/').at(-1)!].sort());
    for (const url of urls) {
      const answer = await onDisk.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.rawPayload.equals(served.get(url)!), url).toBe(true);
    }
  });
});

describe('the media:move command line', () => {
  const onS3 = loadConfig({ DATA_DIR: '/tmp', JWT_SECRET: 'x'.repeat(32), MEDIA_S3_BUCKET: 'stoa-media' });

  it('takes --to s3 or --to disk, and --remove-source', () => {
    expect(parseMoveArgs(['--to', 's3'], onS3)).toEqual({ to: 's3', removeSource: false });
    expect(parseMoveArgs(['--to', 'disk', '--remove-source'], onS3)).toEqual({ to: 'disk', removeSource: true });
  });

  it('says how to use it, and that it needs the bucket settings', () => {
    expect(() => parseMoveArgs([], onS3)).toThrow(MOVE_USAGE);
    expect(() => parseMoveArgs(['--to', 'cloud'], onS3)).toThrow(MOVE_USAGE);
    expect(() => parseMoveArgs(['--to', 's3', '--force'], onS3)).toThrow(MOVE_USAGE);
    expect(() => parseMoveArgs(['--to', 's3'], { media: { kind: 'disk' } })).toThrow(/^MEDIA_S3_BUCKET .* names the bucket/);
  });
});
