/**
 * `npm run media:move -- --to s3|disk [--remove-source]`
 * Copies a community's media from DATA_DIR/media into the bucket the MEDIA_S3_* settings name
 * (`--to s3`), or back (`--to disk`); with --remove-source, each file the target holds is then
 * removed from where it came from. Idempotent and resumable: run it again after an interruption
 * or a failure and it copies only what is missing (docs/deploy.md, "Media in a bucket").
 */
import { systemClock } from '../server/clock';
import { loadConfig } from '../server/config';
import { describeMove, moveMedia, parseMoveArgs, storesOfMove } from '../server/media/move';

let request;
let config;
try {
  config = loadConfig();
  request = parseMoveArgs(process.argv.slice(2), config);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
const { from, to } = storesOfMove(config, request, systemClock);
try {
  const report = await moveMedia(from, to, { removeSource: request.removeSource, log: (line) => console.log(line) });
  console.log(describeMove(request, report));
  process.exitCode = report.failed.length > 0 ? 1 : 0;
} catch (error) {
  // The listing itself failed (the bucket unreachable, a wrong key): nothing half-done is left.
  console.error(`The media could not be moved: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await Promise.all([from.close(), to.close()]);
}
