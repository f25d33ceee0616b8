import fs from 'node:fs/promises';

/**
 * Removes what an MP4 says about where and by whom it was made (ISO 6709 location `©xyz`, maker,
 * software, XMP) without re-encoding: the `udta` and `meta` boxes of the movie and its tracks,
 * and top-level `uuid` (XMP) and `meta` boxes, become `free` boxes of the same size, zero-filled.
 * Nothing moves, so the sample tables' chunk offsets (stco/co64) into `mdat` stay right and the
 * file plays exactly as before. A box that does not parse ends the walk at that level (the bytes
 * were already accepted as an MP4 by their `ftyp`; what follows is left as sent).
 */
const SCRUBBED = new Set(['udta', 'meta']);
const TOP_LEVEL_SCRUBBED = new Set(['uuid', 'meta', 'udta']);
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf']);

interface Box {
  type: string;
  start: number;
  headerSize: number;
  end: number;
}

function* boxes(bytes: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let headerSize = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      const large = bytes.readBigUInt64BE(at + 8);
      if (large > BigInt(to - at)) return;
      size = Number(large);
      headerSize = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < headerSize || at + size > to) return;
    yield { type, start: at, headerSize, end: at + size };
    at += size;
  }
}

function free(bytes: Buffer, box: Box): void {
  bytes.write('free', box.start + 4, 'latin1');
  bytes.fill(0, box.start + box.headerSize, box.end);
}

function scrubWithin(bytes: Buffer, from: number, to: number): void {
  for (const box of boxes(bytes, from, to)) {
    if (SCRUBBED.has(box.type)) free(bytes, box);
    else if (CONTAINERS.has(box.type)) scrubWithin(bytes, box.start + box.headerSize, box.end);
  }
}

/** A copy of the MP4 with its metadata boxes blanked (the input is not changed). */
export function scrubMp4Metadata(input: Buffer): Buffer {
  const bytes = Buffer.from(input);
  for (const box of boxes(bytes, 0, bytes.length)) {
    if (TOP_LEVEL_SCRUBBED.has(box.type)) free(bytes, box);
    else if (box.type === 'moov') scrubWithin(bytes, box.start + box.headerSize, box.end);
  }
  return bytes;
}

/**
 * The movie header of a long video is a few megabytes at most (its sample tables); one larger than
 * this is refused rather than read whole.
 */
export const MAX_MOOV_BYTES = 32 * 1024 * 1024;
const ZEROS = Buffer.alloc(64 * 1024);

/**
 * The same scrub on a file, in place (an upload's temporary file): only the top-level box headers
 * and the `moov` box are read; the media data never enters memory. Returns false when the movie
 * header is too large to read.
 */
export async function scrubMp4File(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r+');
  try {
    const size = (await handle.stat()).size;
    const header = Buffer.alloc(16);
    let at = 0;
    while (at + 8 <= size) {
      const { bytesRead } = await handle.read(header, 0, 16, at);
      let boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      let headerSize = 8;
      if (boxSize === 1) {
        if (bytesRead < 16) break;
        const large = header.readBigUInt64BE(8);
        if (large > BigInt(size - at)) break;
        boxSize = Number(large);
        headerSize = 16;
      } else if (boxSize === 0) {
        boxSize = size - at;
      }
      if (boxSize < headerSize || at + boxSize > size) break;
      if (TOP_LEVEL_SCRUBBED.has(type)) {
        await handle.write(Buffer.from('free', 'latin1'), 0, 4, at + 4);
        for (let from = at + headerSize; from < at + boxSize; from += ZEROS.length) {
          await handle.write(ZEROS, 0, Math.min(ZEROS.length, at + boxSize - from), from);
        }
      } else if (type === 'moov') {
        if (boxSize > MAX_MOOV_BYTES) return false;
        const moov = Buffer.alloc(boxSize);
        await handle.read(moov, 0, boxSize, at);
        scrubWithin(moov, headerSize, boxSize);
        await handle.write(moov, 0, boxSize, at);
      }
      at += boxSize;
    }
    return true;
  } finally {
    await handle.close();
  }
}
