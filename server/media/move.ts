import { parseArgs } from 'node:util';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { mediaDirOf } from './mediaStore';
import { createS3Storage } from './s3Storage';
import { createMediaStorage, type MediaObject, type MediaStorage } from './storage';

export const MOVE_USAGE = 'Usage: npm run media:move -- --to s3|disk [--remove-source]';

export interface MoveRequest {
  to: 'disk' | 's3';
  removeSource: boolean;
}

/** The command line of `npm run media:move`; a message fit to print when it is wrong. */
export function parseMoveArgs(args: string[], config: Pick<Config, 'media'>): MoveRequest {
  let values: { to?: string; 'remove-source'?: boolean };
  try {
    values = parseArgs({ args, options: { to: { type: 'string' }, 'remove-source': { type: 'boolean' } } }).values;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${MOVE_USAGE}`, { cause: error });
  }
  if (values.to !== 's3' && values.to !== 'disk') throw new Error(MOVE_USAGE);
  if (config.media.kind !== 's3') {
    throw new Error('MEDIA_S3_BUCKET (with the other MEDIA_S3_* settings, docs/deploy.md) names the bucket to move the media to or from');
  }
  return { to: values.to, removeSource: Boolean(values['remove-source']) };
}

export interface MoveReport {
  copied: number;
  /** Already in the target with the same size (an earlier run's work). */
  present: number;
  removed: number;
  bytes: number;
  failed: { object: MediaObject; error: string }[];
}

const nameOf = (object: MediaObject) => `${object.kind}/v${object.version}/${object.name}`;

/**
 * Copies every file of one media store into another, one at a time, each streamed. Idempotent
 * and resumable: a file the target already holds with the same size is not copied again (a URL's
 * bytes never change, and neither store ever shows a half-written file: the disk renames a
 * finished file into place, a bucket only shows a completed upload), so a run that was
 * interrupted, or that failed on some files, is finished by running it again. With
 * `removeSource`, each file the target holds is then removed from the source. A file that fails
 * is reported and the rest go on.
 */
export async function moveMedia(
  from: MediaStorage,
  to: MediaStorage,
  options: { removeSource?: boolean; log?: (line: string) => void } = {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, present: 0, removed: 0, bytes: 0, failed: [] };
  for await (const object of from.list()) {
    try {
      if ((await to.sizeOf(object)) === object.size) {
        report.present += 1;
      } else {
        const source = await from.read(object);
        // Removed since it was listed (its post was deleted): nothing to move.
        if (!source) continue;
        try {
          await to.write(object, source.body, source.type, source.size);
        } finally {
          source.body.destroy();
        }
        const written = await to.sizeOf(object);
        if (written !== source.size) throw new Error(`${written ?? 'no'} bytes arrived of ${source.size}`);
        report.copied += 1;
        report.bytes += source.size;
      }
      if (options.removeSource) {
        await from.remove(object);
        report.removed += 1;
      }
    } catch (error) {
      report.failed.push({ object, error: error instanceof Error ? error.message : String(error) });
      options.log?.(`could not move ${nameOf(object)}: ${report.failed.at(-1)!.error}`);
    }
    const done = report.copied + report.present;
    if (done > 0 && done % 500 === 0) options.log?.(`${done} files so far (${report.copied} copied)`);
  }
  return report;
}

/** The two stores of a move: DATA_DIR/media and the configured bucket, in the direction asked. */
export function storesOfMove(config: Pick<Config, 'dataDir' | 'media'>, request: MoveRequest, clock: Clock) {
  if (config.media.kind !== 's3') throw new Error('no bucket configured');
  const disk = createMediaStorage(mediaDirOf(config), clock);
  const bucket = createS3Storage(config.media, clock);
  return request.to === 's3' ? { from: disk, to: bucket } : { from: bucket, to: disk };
}

/** The last line the command prints. */
export function describeMove(request: MoveRequest, report: MoveReport): string {
  const where = request.to === 's3' ? 'the bucket' : 'DATA_DIR/media';
  const source = request.to === 's3' ? 'disk' : 'the bucket';
  const mb = Math.round((report.bytes / (1024 * 1024)) * 10) / 10;
  return (
    `Media to ${where}: ${report.copied} copied (${mb} MB), ${report.present} already there` +
    (request.removeSource ? `, ${report.removed} removed from ${source}` : '') +
    `, ${report.failed.length} failed${report.failed.length > 0 ? ' (run it again to retry them)' : ''}.`
  );
}
