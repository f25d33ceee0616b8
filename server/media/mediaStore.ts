import path from 'node:path';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { createS3Storage } from './s3Storage';
import { createMediaStorage, type MediaStorage } from './storage';

/** DATA_DIR/media: the disk store's folder (also what migrations and the media:move command read). */
export const mediaDirOf = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'media');

/** The media store the configuration names: a bucket when MEDIA_S3_BUCKET is set, else DATA_DIR/media. */
export function openMediaStorage(config: Pick<Config, 'dataDir' | 'media'>, clock: Clock): MediaStorage {
  return config.media.kind === 's3' ? createS3Storage(config.media, clock) : createMediaStorage(mediaDirOf(config), clock);
}
