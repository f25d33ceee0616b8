/**
 * Bulk seeding for the feed benchmark: members, follows, blocks and posts written straight into
 * the SQLite file (already migrated by the real migrations) with better-sqlite3 prepared
 * statements inside large transactions. Deterministic (a seeded PRNG), so two runs seed the
 * same community.
 *
 * The mix: posts mostly Public (80%), some Followers (12%) and Private (8%); 10% are questions
 * (the feed leaves them out, so the query has rows to skip); a few are hidden. Members follow a
 * handful of others; the benchmark's viewer follows a few hundred and has blocks both ways, so
 * every clause of the visibility predicate has work. createdAt is spread over the last year and
 * every id is a UUIDv7 whose timestamp is its row's createdAt (as server/db/ids.ts makes them),
 * issued in time order.
 */
import BetterSqlite3 from 'better-sqlite3';
import { FEELINGS, POST_BG_COLORS } from '../../src/api/posts/choices';
import { AVATAR_COLORS } from '../../src/api/users/avatarColors';
import { mediaPaths } from '../../src/api/paths';
import { bandsOf } from '../../server/media/imageHash';
import { indexText, usernameText } from '../../server/core/searchText';

export interface SeedOptions {
  file: string;
  members: number;
  posts: number;
  /** One argon2id hash, shared by every member (hashing 100,000 passwords would take hours). */
  passwordHash: string;
  /** Rows per transaction. */
  batch?: number;
  /**
   * Also what search reads (the search benchmark): every post's and member's search entry (the
   * FTS5 index follows by its triggers), a rare word and an accented one in a few posts, and the
   * fingerprints of `images` image posts. Drawn from a PRNG of their own, so the rest of the
   * community is the same as without.
   */
  search?: { images: number };
}

/** In about one post in RARE_EVERY (search benchmark): the rare word. */
export const RARE_WORD = 'zeppelin';
export const RARE_EVERY = 20_000;

export interface SeedResult {
  /** The member the benchmark signs in as (a plain USER). */
  viewer: { id: string; username: string };
  counts: {
    members: number;
    posts: number;
    follows: number;
    blocks: number;
    viewerFollows: number;
    hashedImages: number;
    rarePosts: number;
  };
  ms: { members: number; follows: number; posts: number; total: number };
}

const DAY = 86_400_000;
const YEAR = 365 * DAY;

/** mulberry32: small, fast, good enough for test data; the same sequence for the same seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * UUIDv7 ids for a rising sequence of times: 48-bit milliseconds, version 7, a 12-bit sequence
 * that restarts each new millisecond (so ids made in one millisecond still sort in issue order),
 * variant 10, then random bits. Byte-for-byte the layout `uuid`'s v7 produces.
 */
function uuidv7Maker(random: () => number) {
  let lastMs = -1;
  let seq = 0;
  const rnd16 = () => (random() * 65536) | 0;
  const hex16 = (v: number) => HEX[(v >>> 8) & 0xff] + HEX[v & 0xff];
  return (ms: number): string => {
    if (ms < lastMs) throw new Error('uuidv7Maker: times must not go back');
    seq = ms === lastMs ? seq + 1 : (random() * 1024) | 0;
    if (seq > 0xfff) throw new Error('uuidv7Maker: too many ids in one millisecond');
    lastMs = ms;
    const t = ms.toString(16).padStart(12, '0');
    const ver = (0x7000 | seq).toString(16);
    const variant = (0x8000 | (rnd16() & 0x3fff)).toString(16);
    return `${t.slice(0, 8)}-${t.slice(8)}-${ver}-${variant}-${hex16(rnd16())}${hex16(rnd16())}${hex16(rnd16())}`;
  };
}

const WORDS = (
  'the a of to and in we our this that study group class notes exam question answer learning today tomorrow ' +
  'project team idea share thanks everyone reading book chapter lecture course week weekend morning coffee ' +
  'math physics history music art design code python javascript data science photo trip city park friends ' +
  'really great interesting new first finally just about with from for on at after before during practice'
).split(' ');

/** `count` times spread over [start, end), sorted, as integer milliseconds. */
function sortedTimes(random: () => number, count: number, start: number, end: number): Float64Array {
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) times[i] = Math.floor(start + random() * (end - start));
  return times.sort();
}

export function seedFeed(options: SeedOptions): SeedResult {
  const { members, posts } = options;
  const batch = options.batch ?? 50_000;
  const random = prng(20_240_601);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]) => items[int(items.length)];
  const started = performance.now();
  const now = Date.now();
  const postsFrom = now - YEAR;
  const membersFrom = postsFrom - YEAR;

  const db = new BetterSqlite3(options.file);
  // Seeding only: no journal and no fsync (a crash just means running the benchmark again).
  // The server opens the file afterwards with its own settings (useServerPragmas).
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1048576'); // 1 GiB
  db.pragma('temp_store = MEMORY');
  db.pragma('foreign_keys = OFF');

  const inBatches = (total: number, write: (i: number) => void) => {
    const run = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) write(i);
    });
    for (let from = 0; from < total; from += batch) run(from, Math.min(total, from + batch));
  };

  // Members: ids in creation order over the year before the posts.
  let t0 = performance.now();
  const memberTimes = sortedTimes(random, members, membersFrom, postsFrom);
  const memberId = uuidv7Maker(random);
  const ids: string[] = new Array(members);
  const insertUser = db.prepare(
    `insert into users (id, auth_id, username, username_lower, email, password_hash, role, avatar_color, avatar_image,
       profile_picture, is_banned, token_version, allow_personalize, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 'USER', ?, ?, '', 0, 0, 1, ?, ?)`,
  );
  const authIdOf = uuidv7Maker(random);
  const extra = prng(20_250_101);
  const insertUserSearch = options.search ? db.prepare('insert into user_search (user_id, search_text) values (?, ?)') : null;
  inBatches(members, (i) => {
    const id = memberId(memberTimes[i]);
    ids[i] = id;
    const username = `member${String(i + 1).padStart(6, '0')}`;
    const at = new Date(memberTimes[i]).toISOString();
    const avatar = mediaPaths.image(1_700_000_000 + int(1e8), id);
    insertUser.run(
      id,
      authIdOf(memberTimes[i]),
      username,
      username,
      `${username}@bench.example`,
      options.passwordHash,
      pick(AVATAR_COLORS),
      avatar,
      at,
      at,
    );
    insertUserSearch?.run(id, usernameText(username));
  });
  const msMembers = performance.now() - t0;

  // The viewer: a member in the middle of the list, with follows and blocks both ways.
  const viewerIndex = Math.floor(members / 2);
  const viewer = { id: ids[viewerIndex], username: `member${String(viewerIndex + 1).padStart(6, '0')}` };

  // Follows: every member follows 0..10 others (about 5 on average); the viewer follows 300.
  t0 = performance.now();
  const insertFollow = db.prepare('insert or ignore into follows (follower_id, followee_id, created_at) values (?, ?, ?)');
  const followAt = new Date(postsFrom).toISOString();
  const viewerFollows = Math.min(300, members - 1);
  let follows = 0;
  inBatches(members, (i) => {
    const count = i === viewerIndex ? viewerFollows : int(11);
    const chosen = new Set<number>();
    while (chosen.size < count) {
      const other = int(members);
      if (other !== i) chosen.add(other);
    }
    for (const other of chosen) follows += insertFollow.run(ids[i], ids[other], followAt).changes;
  });
  // Blocks: the viewer blocks 20 members and is blocked by 10; 1,000 other pairs elsewhere.
  const insertBlock = db.prepare('insert or ignore into blocks (blocker_id, blocked_id, created_at) values (?, ?, ?)');
  let blocks = 0;
  db.transaction(() => {
    const other = () => {
      let j = int(members);
      while (j === viewerIndex) j = int(members);
      return j;
    };
    for (let k = 0; k < Math.min(20, members - 1); k++) blocks += insertBlock.run(viewer.id, ids[other()], followAt).changes;
    for (let k = 0; k < Math.min(10, members - 1); k++) blocks += insertBlock.run(ids[other()], viewer.id, followAt).changes;
    for (let k = 0; k < 1000; k++) {
      const a = int(members);
      const b = int(members);
      if (a !== b) blocks += insertBlock.run(ids[a], ids[b], followAt).changes;
    }
  })();
  const msFollows = performance.now() - t0;

  // Posts, oldest first, so the id and (created_at, id) indexes grow at their end.
  t0 = performance.now();
  const postTimes = sortedTimes(random, posts, postsFrom, now);
  const postId = uuidv7Maker(random);
  const insertPost = db.prepare(
    `insert into posts (id, kind, user_id, group_id, group_status, post, bg_color, privacy, feelings, gif_url,
       image_version, image_id, image_alt, video_version, video_id, comments_count, answers_count, accepted_answer_id,
       reactions_like, reactions_love, reactions_angry, reactions_happy, reactions_sad, reactions_wow, hidden,
       created_at, updated_at, edited_at)
     values (?, ?, ?, null, null, ?, ?, ?, ?, ?, ?, ?, ?, '', '', ?, 0, null, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const text = () => {
    const words: string[] = [];
    const n = 6 + int(45);
    for (let w = 0; w < n; w++) words.push(WORDS[int(WORDS.length)]);
    return words.join(' ');
  };
  const small = () => (random() < 0.6 ? 0 : int(random() < 0.9 ? 12 : 400));
  const insertPostSearch = options.search ? db.prepare('insert into post_search (post_id, kind, search_text) values (?, ?, ?)') : null;
  const insertHash = options.search
    ? db.prepare('insert into image_hashes (post_id, image_id, hash, band0, band1, band2, band3, color) values (?, ?, ?, ?, ?, ?, ?, ?)')
    : null;
  const hex32 = () => (Math.floor(extra() * 2 ** 32) >>> 0).toString(16).padStart(8, '0');
  let hashedImages = 0;
  let rarePosts = 0;
  inBatches(posts, (i) => {
    const ms = postTimes[i];
    const id = postId(ms);
    const at = new Date(ms).toISOString();
    // A few members write a lot: the author index is skewed towards the low end.
    const author = ids[Math.floor(members * random() ** 2)];
    const r = random();
    const privacy = r < 0.8 ? 'Public' : r < 0.92 ? 'Followers' : 'Private';
    const kind = random() < 0.1 ? 'question' : 'post';
    const withImage = random() < 0.15;
    const edited = random() < 0.05 ? new Date(ms + int(DAY)).toISOString() : null;
    let body = text();
    if (options.search) {
      if (extra() < 1 / RARE_EVERY) {
        body += ` ${RARE_WORD}`;
        rarePosts++;
      }
      if (extra() < 0.02) body += ' café';
      insertPostSearch!.run(id, kind, indexText(body, withImage ? 'a photo' : ''));
      if (withImage && hashedImages < options.search.images) {
        const hash = hex32() + hex32();
        insertHash!.run(id, id, hash, ...bandsOf(hash), Math.floor(extra() * 0x1000000));
        hashedImages++;
      }
    }
    insertPost.run(
      id,
      kind,
      author,
      body,
      pick(POST_BG_COLORS),
      privacy,
      random() < 0.2 ? pick(FEELINGS) : '',
      random() < 0.03 ? 'https://media.giphy.com/media/bench/giphy.gif' : '',
      withImage ? String(1_700_000_000 + int(1e8)) : '',
      withImage ? id : '',
      withImage ? 'a photo' : '',
      small(),
      small(),
      small(),
      small(),
      small(),
      small(),
      small(),
      random() < 0.001 ? 1 : 0,
      at,
      edited ?? at,
      edited,
    );
  });
  const msPosts = performance.now() - t0;

  // No ANALYZE: the server never runs it, and a benchmark measures the plans SQLite makes for the
  // server (without statistics: one read planned with them took 0.4 ms, as the server ran it 1.2 s;
  // docs/server.md, "SQLite plans without statistics"). Left as the server expects it (WAL).
  db.pragma('journal_mode = WAL');
  db.close();

  return {
    viewer,
    counts: { members, posts, follows, blocks, viewerFollows, hashedImages, rarePosts },
    ms: { members: msMembers, follows: msFollows, posts: msPosts, total: performance.now() - started },
  };
}
