import { MAX_UPLOAD_PIXELS } from './images';
import { imageWork, sharp } from './imageWork';

/**
 * What search by image compares: a 64-bit perceptual hash (pHash) and the picture's average colour.
 *
 * The pHash: the picture (orientation applied, transparency on white) scaled to 32x32 and turned
 * to luminance; the 8x8 lowest frequencies of its 2-D DCT; each bit says whether a coefficient is
 * above their median. Re-encoding and scaling move almost none (0 to 2 bits), a crop of a couple
 * of percent off the edges up to about 10; unrelated pictures differ in about half of them (32). A flat picture (no structure at all) gets only
 * the DC bit set, so all flat pictures share a hash and the colour tells them apart.
 */
export interface ImageFingerprint {
  /** 16 hex digits. */
  hash: string;
  /** The average colour, 0xRRGGBB. */
  color: number;
}

const SIDE = 32;
const LOW = 8;
/** Below this, a coefficient is rounding noise of a flat picture. */
const FLAT = 1e-6;
/** Refuses decompression bombs, like the uploads do. */
const MAX_INPUT_PIXELS = MAX_UPLOAD_PIXELS;

/** cos((2x+1)uπ/64), computed once. */
const COS = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);

/** The fingerprint of an image (its bytes or its file's path); throws when sharp cannot read them. */
export async function fingerprintImage(bytes: Buffer | string, owner = ''): Promise<ImageFingerprint> {
  const { data, info } = await imageWork(
    () =>
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .flatten({ background: '#ffffff' })
        .resize(SIDE, SIDE, { fit: 'fill' })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true }),
    owner,
  );
  return fingerprintPixels(data, info.channels);
}

/** The fingerprint of 32x32 raw pixels (`channels` bytes each, RGB first). */
export function fingerprintPixels(data: Uint8Array, channels: number): ImageFingerprint {
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
  // Rows first (only the LOW lowest frequencies are needed), then columns.
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

/** Set bits of a 32-bit integer. */
function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Differing bits of two hashes (two 32-bit halves: a search compares hundreds of candidates, BigInt cost 1 µs each). */
export function hammingDistance(a: string, b: string): number {
  const high = Number.parseInt(a.slice(0, 8), 16) ^ Number.parseInt(b.slice(0, 8), 16);
  const low = Number.parseInt(a.slice(8, 16), 16) ^ Number.parseInt(b.slice(8, 16), 16);
  return bitCount(high) + bitCount(low);
}

/** The largest difference of one colour channel between two average colours (0..255). */
export function colorDistance(a: number, b: number): number {
  return Math.max(
    Math.abs(((a >> 16) & 255) - ((b >> 16) & 255)),
    Math.abs(((a >> 8) & 255) - ((b >> 8) & 255)),
    Math.abs((a & 255) - (b & 255)),
  );
}

/**
 * Multi-index hashing: the hash as four 16-bit bands, each stored in its own indexed column. Two
 * hashes at most 11 bits apart agree on some band within 2 bits (four bands, at most two differing
 * bits each would be 12), so the candidates of a query are the rows whose band i is one of the 137
 * values within 2 bits of the query's band i, for some i: every match within IMAGE_MATCH_DISTANCE
 * (11) is among them, found by index lookups instead of a scan.
 */
export const BANDS = 4;
export function bandsOf(hash: string): number[] {
  return Array.from({ length: BANDS }, (_, i) => Number.parseInt(hash.slice(i * 4, i * 4 + 4), 16));
}

/** Every 16-bit value within `radius` bits of `value` (itself included). */
export function nearBandValues(value: number, radius = 2): number[] {
  const out = [value];
  for (let i = 0; i < 16; i++) {
    const one = value ^ (1 << i);
    out.push(one);
    if (radius >= 2) for (let j = i + 1; j < 16; j++) out.push(one ^ (1 << j));
  }
  return out;
}
