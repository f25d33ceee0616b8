import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { DatabaseHandle } from '../../db/database';
import { extensionOfType, type MediaStorage } from '../../media/storage';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../privateFiles';
import { exportSources, mediaOf, type ExportSource } from './exportSources';

/** The README.md at the top of every archive: what each file holds. */
export function readmeOf(sources: readonly ExportSource[], username: string, at: string): string {
  return [
    `# Your Stoa data`,
    '',
    `Prepared for ${username} on ${at} (UTC). Every file is JSON: an array of objects, oldest first,`,
    'with the names the database uses (times are ISO-8601 UTC; 0/1 stand for no/yes).',
    '',
    ...sources.map((source) => `- \`${source.name}\`: ${source.about}`),
    '- `media/`: the files you uploaded (profile pictures, images and videos of your posts, chat images), named as in their addresses (`image/v{version}/{id}.{ext}`).',
    '',
  ].join('\n');
}

/** One source as a JSON array, produced page by page as the archive reads it. */
async function* jsonArray(source: ExportSource, userId: string, beat: () => Promise<void>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const page of source.rows(userId)) {
    const text = page.map((row) => `\n${JSON.stringify(row)}`).join(',');
    yield first ? text : `,${text}`;
    first = false;
    await beat();
    // Between pages the event loop serves requests.
    await yieldToEvents();
  }
  yield '\n]\n';
}

/**
 * Writes the member's archive to `file` (a .part aside, renamed when complete) and answers its
 * size. Rows are read in pages and media files read as streams, so memory stays bounded whatever
 * the account's size; compression runs off the event loop (zlib's thread pool).
 */
export async function writeArchive(options: {
  database: DatabaseHandle;
  media: MediaStorage;
  userId: string;
  username: string;
  at: string;
  file: string;
  /** Called between pages: the job is alive. */
  beat: () => Promise<void>;
}): Promise<number> {
  const { ZipArchive } = await import('archiver');
  const { database, media, userId, file, beat } = options;
  await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const partial = `${file}.part`;
  const output = createWriteStream(partial, { mode: PRIVATE_FILE_MODE });
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const finished = new Promise<void>((resolve, reject) => {
    output.on('close', resolve);
    output.on('error', reject);
    archive.on('error', reject);
  });
  // Awaited below (or its failure reaches the catch through `drained`); never an unhandled rejection.
  finished.catch(() => {});
  archive.pipe(output);
  // Entries written so far, so a media file's stream is opened only once the one before is in the
  // archive (one open file at a time, however many the member has).
  let appended = 0;
  let written = 0;
  let wake: (() => void) | null = null;
  archive.on('entry', () => {
    written += 1;
    wake?.();
  });
  // An archive that fails ends the wait (`finished` rejects) rather than leaving it hanging.
  const drained = () =>
    Promise.race([
      new Promise<void>((resolve) => {
        if (written >= appended) return resolve();
        wake = () => written >= appended && resolve();
      }),
      finished,
    ]);
  try {
    const sources = exportSources(database);
    archive.append(readmeOf(sources, options.username, options.at), { name: 'README.md' });
    appended += 1;
    for (const source of sources) {
      archive.append(Readable.from(jsonArray(source, userId, beat)), { name: source.name });
      appended += 1;
    }
    // Media: each file is read from the store (disk or bucket) as a stream when the archive reaches it.
    const listed = new Set<string>();
    for await (const page of mediaOf(database, userId)) {
      for (const item of page) {
        const object = { kind: item.kind, version: String(item.version), name: item.id };
        await drained();
        const found = await media.read(object);
        if (!found) continue;
        const ext = item.kind === 'image' ? extensionOfType(found.type) : null;
        const name = `media/${item.kind}/v${object.version}/${item.id}${ext ? `.${ext}` : ''}`;
        if (listed.has(name)) {
          found.body.destroy();
          continue;
        }
        listed.add(name);
        archive.append(found.body, { name });
        appended += 1;
      }
      await beat();
    }
    await archive.finalize();
    await finished;
  } catch (error) {
    archive.abort();
    output.destroy();
    await fs.rm(partial, { force: true });
    throw error;
  }
  await fs.rename(partial, file);
  return (await fs.stat(file)).size;
}
