import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBERS, seedCommunity } from '../../../scripts/seed/community';
import { paths } from '../../../src/api/paths';
import { createTestApp, type TestApp } from '../harness';

/** A tiny MP4 the server accepts (an ISO media file: `ftyp` first); Chromium records the real one. */
const video = () =>
  Promise.resolve(
    Buffer.concat([
      Buffer.from([0, 0, 0, 16]),
      Buffer.from('ftypisom', 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from([0, 0, 0, 8]),
      Buffer.from('mdat', 'latin1'),
    ]),
  );

const TABLES = [
  'users',
  'follows',
  'posts',
  'answers',
  'comments',
  'reactions',
  'groups',
  'group_members',
  'chat_groups',
  'chat_messages',
  'images',
] as const;

describe('npm run seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  const counts = async () => {
    const db = t.app.services.database.db as unknown as {
      selectFrom(table: string): { select(e: unknown): { executeTakeFirstOrThrow(): Promise<{ n: number | string }> } };
    };
    const entries = await Promise.all(
      TABLES.map(
        async (table) =>
          [
            table,
            Number(
              (
                await db
                  .selectFrom(table)
                  .select((eb: any) => eb.fn.countAll().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          ] as const,
      ),
    );
    return Object.fromEntries(entries);
  };

  it('makes a community where every page has something to show, and a second run adds nothing', async () => {
    const first = await seedCommunity(t.app, { video });
    expect(first).toEqual({ membersCreated: DEMO_MEMBERS.length, contentCreated: true });
    const after = await counts();
    for (const table of TABLES) expect(after[table], table).toBeGreaterThan(0);

    const again = await seedCommunity(t.app, { video });
    expect(again).toEqual({ membersCreated: 0, contentCreated: false });
    expect(await counts()).toEqual(after);
  });

  it('covers every kind: feelings, backgrounds, an image, a video, Followers only, an accepted answer, public and private groups, a group chat', async () => {
    const signIn = async (username: string) =>
      (
        await t.api({ method: 'POST', url: paths.auth.signin, payload: { provider: 'local', username, password: 'stoa-demo-password' } })
      ).json() as { token: string; user: { _id: string } };
    const ada = await signIn('ada');
    const read = async (url: string, token = ada.token) =>
      (await t.api({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json();
    const feed = (await read(paths.posts.all(1))).posts as {
      feelings: string;
      bgColor: string;
      image: string;
      video: string;
      privacy: string;
    }[];
    expect(feed.some((p) => p.feelings !== '')).toBe(true);
    expect(feed.some((p) => p.bgColor !== '#ffffff')).toBe(true);
    expect(feed.some((p) => p.image)).toBe(true);
    expect(feed.some((p) => p.video)).toBe(true);
    // Linus's Followers post reaches those who follow him (grace does), not ada.
    expect(feed.some((p) => p.privacy === 'Followers')).toBe(false);
    const grace = await signIn('grace');
    expect(((await read(paths.posts.all(1), grace.token)).posts as { privacy: string }[]).some((p) => p.privacy === 'Followers')).toBe(
      true,
    );
    const questions = (await read(paths.questions.all(1))).questions as { acceptedAnswerId: string | null; answersCount: number }[];
    expect(questions.some((q) => q.acceptedAnswerId)).toBe(true);
    expect(questions.every((q) => q.answersCount > 0)).toBe(true);
    const groups = (await read(paths.groups.userGroups(grace.user._id), grace.token)).groups as { privacy: string }[];
    expect(groups.map((g) => g.privacy).sort()).toEqual(['private', 'public']);
    expect(JSON.stringify(await read(paths.groupChat.userGroups(ada.user._id)))).toContain('Physics Study');

    // Hashtags trend, a mention reached ada, her Discover list and her profile are not empty.
    const trending = (await read(paths.posts.trending)) as { hashtags: { tag: string }[] };
    expect(trending.hashtags.map((h) => h.tag)).toContain('physics');
    expect(JSON.stringify(await read(paths.notifications.page()))).toMatch(/mention/i);
    const discover = (await read(paths.groups.all())).groups as { name: string; isMember?: boolean }[];
    expect(discover.map((g) => g.name)).toContain('Orbits and Oscillations');
    const profile = (await read(paths.users.profile(ada.user._id))).user as {
      basicInfo: { quote: string };
      hobbies: string[];
      personalizeSettings: { interests: string[] };
    };
    expect(profile.basicInfo.quote).not.toBe('');
    expect(profile.hobbies.length).toBeGreaterThan(0);
    expect(profile.personalizeSettings.interests).toContain('science');
  });
});
