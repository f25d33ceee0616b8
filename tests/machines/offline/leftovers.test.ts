import { describe, expect, it } from 'vitest';
import { leftBehind, wipeLeftovers } from '../../../src/effects/offline/leftovers';

describe('what a crashed tab left on the device (the light sign-in page’s boot)', () => {
  const databases = (...names: string[]) => ({ databases: async () => names.map((name) => ({ name, version: 1 })) });
  const caches = (has: boolean) => ({ has: async () => has });

  it('finds a kept database, an outbox, the images’ expiration database or the images’ cache, and nothing else', async () => {
    expect(await leftBehind(databases('stoa-kept-u1'), caches(false))).toBe(true);
    expect(await leftBehind(databases('stoa-outbox-u1'), caches(false))).toBe(true);
    expect(await leftBehind(databases(), caches(true))).toBe(true);
    expect(await leftBehind(databases('another-app'), caches(false))).toBe(false);
    expect(await leftBehind(undefined, undefined)).toBe(false);
    expect(await leftBehind({ databases: () => Promise.reject(new Error('refused')) }, caches(true))).toBe(false);
  });

  it('fetches no wiping code when nothing was left', async () => {
    let asked = 0;
    await wipeLeftovers(async () => {
      asked += 1;
      return false;
    });
    expect(asked).toBe(1);
  });
});
