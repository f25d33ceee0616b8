import fs from 'node:fs/promises';
import path from 'node:path';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Sharp } from 'sharp';
import { lazyModule } from '../../lazyModule';
import { migrationContext } from '../migrationContext';

/**
 * Search: the folded words of every post, member and group (as server/core/searchText.ts folded them then) in
 * post_search, user_search and group_search, one row each, written by the stores in the same
 * transaction as the row itself; and a perceptual hash of every post image in image_hashes.
 *
 * - SQLite: an FTS5 table over each (external content: the text is stored once, in the *_search
 *   table), kept in step by triggers on it, so an insert, edit or delete of a search row (a delete
 *   also through a cascade from posts, users or groups) changes the index in the same transaction.
 *   The `ascii` tokenizer only splits on spaces and ASCII punctuation: the words are exactly the
 *   folded ones. Prefix indexes of 2 and 3 characters keep short prefixes cheap.
 * - PostgreSQL: a generated tsvector column ('simple': no stemming, no stop words; the text is
 *   already folded and split) with a GIN index. No extension is needed (unaccent is not used).
 * - image_hashes: the hash's four 16-bit bands each have an index (multi-index hashing, see
 *   server/media/imageHash.ts).
 *
 * The rows already stored are indexed here, a batch at a time (bounded memory), and the images
 * already stored are read from DATA_DIR/media and hashed (migrateToLatest's `mediaRoot`; a file that
 * is missing or unreadable is skipped: that post is then not found by image).
 *
 * The folding, the image hash and the image file names are copied into this file as they stood
 * when it was written, not imported: a migration must do tomorrow exactly what it did the day it
 * ran, so a later change to search or media code cannot change what this one writes. A change
 * to the folding or the hash that needs the stored rows rewritten is a new migration.
 */

const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await id('post_search')
    .addColumn('post_id', 'text', (c) => c.notNull().unique().references('posts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .$call((t) =>
      postgres
        ? t.addColumn('search_vector', sql`tsvector`, (c) =>
            c.generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`).stored(),
          )
        : t,
    )
    .execute();
  await id('user_search')
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .$call((t) =>
      postgres
        ? t.addColumn('search_vector', sql`tsvector`, (c) =>
            c.generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`).stored(),
          )
        : t,
    )
    .execute();
  await id('group_search')
    .addColumn('group_id', 'text', (c) => c.notNull().unique().references('groups.id').onDelete('cascade'))
    .addColumn('name_text', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .$call((t) =>
      postgres
        ? t.addColumn('search_vector', sql`tsvector`, (c) =>
            c
              .generatedAlwaysAs(
                sql`setweight(to_tsvector('simple'::regconfig, name_text), 'A') || setweight(to_tsvector('simple'::regconfig, body_text), 'B')`,
              )
              .stored(),
          )
        : t,
    )
    .execute();

  if (postgres) {
    for (const table of ['post_search', 'user_search', 'group_search']) {
      await db.schema.createIndex(`${table}_vector_idx`).on(table).using('gin').column('search_vector').execute();
    }
    // Walking one kind newest first (a common word's window) without filtering the other kind out row by row.
    await db.schema.createIndex('post_search_kind_idx').on('post_search').columns(['kind', 'id']).execute();
  } else {
    await fts(db, 'post_search', ['kind', 'search_text']);
    await fts(db, 'user_search', ['search_text']);
    await fts(db, 'group_search', ['name_text', 'body_text']);
  }

  await db.schema
    .createTable('image_hashes')
    .addColumn('post_id', 'text', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('image_id', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('band0', 'integer', (c) => c.notNull())
    .addColumn('band1', 'integer', (c) => c.notNull())
    .addColumn('band2', 'integer', (c) => c.notNull())
    .addColumn('band3', 'integer', (c) => c.notNull())
    .addColumn('color', 'integer', (c) => c.notNull())
    .execute();
  for (let band = 0; band < 4; band++) {
    await db.schema.createIndex(`image_hashes_band${band}_idx`).on('image_hashes').column(`band${band}`).execute();
  }

  await backfill(db);
}

/** An FTS5 table over `table`'s columns, and the triggers that keep it in step. */
async function fts(db: Kysely<any>, table: string, columns: string[]) {
  const index = `${table}_fts`;
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((column) => `${row}.${column}`).join(', ');
  const statements = [
    `create virtual table ${index} using fts5(${list}, content='${table}', content_rowid='id', tokenize='ascii', prefix='2 3')`,
    `create trigger ${table}_ai after insert on ${table} begin
       insert into ${index}(rowid, ${list}) values (new.id, ${values('new')});
     end`,
    `create trigger ${table}_ad after delete on ${table} begin
       insert into ${index}(${index}, rowid, ${list}) values ('delete', old.id, ${values('old')});
     end`,
    `create trigger ${table}_au after update on ${table} begin
       insert into ${index}(${index}, rowid, ${list}) values ('delete', old.id, ${values('old')});
       insert into ${index}(rowid, ${list}) values (new.id, ${values('new')});
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function imageFile(mediaRoot: string, version: string, imageId: string): Promise<Buffer | null> {
  if (!/^\d+$/.test(version) || !/^[0-9a-f-]{36}$/.test(imageId)) return null;
  for (const ext of IMAGE_EXTENSIONS) {
    try {
      return await fs.readFile(path.join(mediaRoot, 'image', `v${version}`, `${imageId}.${ext}`));
    } catch {
      // not this extension
    }
  }
  return null;
}

/** Everything already stored, in id order (UUIDv7: creation order, which the search windows walk). */
async function backfill(db: Kysely<any>) {
  const mediaRoot = migrationContext.getStore()?.mediaRoot;
  let after = '';
  for (;;) {
    const rows: { id: string; kind: string; post: string; image_alt: string; image_version: string; image_id: string }[] = await db
      .selectFrom('posts')
      .select(['id', 'kind', 'post', 'image_alt', 'image_version', 'image_id'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    await db
      .insertInto('post_search')
      .values(rows.map((row) => ({ post_id: row.id, kind: row.kind, search_text: indexText(row.post, row.image_alt) })))
      .execute();
    const withImage = rows.filter((row) => row.image_id);
    if (withImage.length > 0 && !mediaRoot) {
      throw new Error(
        'migration 0012_search hashes the stored images: run it with the media directory (migrateToLatest(database, { mediaRoot }))',
      );
    }
    const hashes = [];
    for (const row of withImage) {
      const bytes = await imageFile(mediaRoot!, row.image_version, row.image_id);
      if (!bytes) continue;
      try {
        const { hash, color } = await fingerprintImage(bytes);
        const [band0, band1, band2, band3] = bandsOf(hash);
        hashes.push({ post_id: row.id, image_id: row.image_id, hash, band0, band1, band2, band3, color });
      } catch {
        // unreadable: not searchable by image
      }
    }
    if (hashes.length > 0) await db.insertInto('image_hashes').values(hashes).execute();
    after = rows[rows.length - 1].id;
  }

  after = '';
  for (;;) {
    const rows: { id: string; username: string }[] = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    await db
      .insertInto('user_search')
      .values(rows.map((row) => ({ user_id: row.id, search_text: usernameText(row.username) })))
      .execute();
    after = rows[rows.length - 1].id;
  }

  after = '';
  for (;;) {
    const rows: { id: string; name: string; description: string; tags: string }[] = await db
      .selectFrom('groups')
      .select(['id', 'name', 'description', 'tags'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    await db
      .insertInto('group_search')
      .values(
        rows.map((row) => ({
          group_id: row.id,
          name_text: indexText(row.name),
          body_text: indexText(row.description, ...(JSON.parse(row.tags) as string[])),
        })),
      )
      .execute();
    after = rows[rows.length - 1].id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('image_hashes').execute();
  for (const table of ['group_search', 'user_search', 'post_search']) {
    if (!postgres) {
      for (const suffix of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${table}_${suffix}`).execute(db);
      await sql.raw(`drop table if exists ${table}_fts`).execute(db);
    }
    await db.schema.dropTable(table).execute();
  }
}

// ---- Frozen copies (see the top of the file): server/media/storage.ts's image extensions. ----

const IMAGE_EXTENSIONS = ['png', 'jpg', 'webp', 'gif'] as const;

// ---- Frozen copy: server/core/searchText.ts's folding for the index. ----

const PLAIN: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŧ: 't',
  Ŧ: 't',
  ς: 'σ',
};
const PLAIN_CHARS = new RegExp(`[${Object.keys(PLAIN).join('')}]`, 'gu');
const OPTIONAL_MARKS = /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Hebrew}\p{Script=Arabic}])\p{M}+/gu;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const UNSPACED_RUN = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)/u;
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const WORD_MAX = 60;

function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(OPTIONAL_MARKS, '$1')
    .replace(PLAIN_CHARS, (char) => PLAIN[char] ?? char)
    .toLowerCase()
    .replace(PLAIN_CHARS, (char) => PLAIN[char] ?? char)
    .normalize('NFC');
}

const cut = (word: string) => [...word].slice(0, WORD_MAX).join('');

/** The indexed words of a text in order; an unspaced run as its characters and pairs. */
function words(text: string): string[] {
  const out: string[] = [];
  for (const word of foldText(text).match(WORD) ?? []) {
    for (const part of word.split(UNSPACED_RUN)) {
      if (!part) continue;
      if (!UNSPACED.test(part)) {
        out.push(cut(part));
        continue;
      }
      const chars = [...part];
      for (const char of chars) out.push(char);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    }
  }
  return out;
}

const indexText = (...texts: string[]): string => texts.flatMap((text) => words(text)).join(' ');

function usernameText(username: string): string {
  const parts = username
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2');
  const all = [indexText(username.replace(/[._]/g, '')), indexText(username), indexText(parts)].flatMap((text) => text.split(' '));
  return [...new Set(all)].filter(Boolean).join(' ');
}

// ---- Frozen copy: server/media/imageHash.ts's fingerprint (pHash and average colour) and bands. ----

const SIDE = 32;
const LOW = 8;
const FLAT = 1e-6;
/** The uploads' pixel limit (server/media/images.ts), refusing decompression bombs. */
const MAX_INPUT_PIXELS = 33_177_600;
const BANDS = 4;

const loadSharp = lazyModule<typeof import('sharp').default>('sharp');
/** sharp as the server configures it (no operation cache, one libvips thread): the same memory bounds. */
function sharp(input: Buffer): Sharp {
  const module = loadSharp();
  module.cache(false);
  module.concurrency(1);
  return module(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
}

const COS = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);

async function fingerprintImage(bytes: Buffer): Promise<{ hash: string; color: number }> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(SIDE, SIDE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  const luma = new Float64Array(SIDE * SIDE);
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < SIDE * SIDE; i++) {
    const [red, green, blue] =
      channels >= 3
        ? [data[i * channels], data[i * channels + 1], data[i * channels + 2]]
        : [data[i * channels], data[i * channels], data[i * channels]];
    luma[i] = 0.299 * red + 0.587 * green + 0.114 * blue;
    r += red;
    g += green;
    b += blue;
  }
  const rows = new Float64Array(SIDE * LOW);
  for (let y = 0; y < SIDE; y++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += luma[y * SIDE + x] * COS[u][x];
      rows[y * LOW + u] = sum;
    }
  }
  const coefficients = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += rows[y * LOW + u] * COS[v][y];
      coefficients[v * LOW + u] = sum;
    }
  }
  const flat = coefficients.every((value, i) => i === 0 || Math.abs(value) < FLAT * SIDE * SIDE * 255);
  const median = [...coefficients].sort((a, c) => a - c)[(LOW * LOW) / 2];
  let hash = 0n;
  for (let i = 0; i < LOW * LOW; i++) {
    const bit = flat ? i === 0 : coefficients[i] > median;
    hash = (hash << 1n) | (bit ? 1n : 0n);
  }
  const n = SIDE * SIDE;
  const color = (Math.round(r / n) << 16) | (Math.round(g / n) << 8) | Math.round(b / n);
  return { hash: hash.toString(16).padStart(16, '0'), color };
}

function bandsOf(hash: string): number[] {
  return Array.from({ length: BANDS }, (_, i) => Number.parseInt(hash.slice(i * 4, i * 4 + 4), 16));
}
