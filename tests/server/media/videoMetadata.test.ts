import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubMp4Metadata } from '../../../server/media/mp4Metadata';
import { createTestApp, type TestApp } from '../harness';
import { member, ok, type Member } from '../social';

const box = (type: string, ...children: Buffer[]) => {
  const payload = Buffer.concat(children);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
};
/** A 64-bit-size box (size field 1, then the size in 8 bytes), as large files use. */
const largeBox = (type: string, payload: Buffer) => {
  const head = Buffer.alloc(16);
  head.writeUInt32BE(1);
  head.write(type, 4, 'latin1');
  head.writeBigUInt64BE(BigInt(16 + payload.length), 8);
  return Buffer.concat([head, payload]);
};
const text = (value: string) => Buffer.from(value, 'latin1');
const GPS = '+48.8584+002.2945/';

/** An MP4 as a phone writes it: moov before mdat, the location in moov/udta, the maker in a track's meta, XMP in a uuid box. */
function phoneVideo(): Buffer {
  return Buffer.concat([
    box('ftyp', text('isom'), Buffer.from([0, 0, 2, 0]), text('isomiso2mp41')),
    box('uuid', text('BE7ACFCB97A942E89C71999491E3AFAC'), text('<x:xmpmeta>Pixel 9 Pro</x:xmpmeta>')),
    box(
      'moov',
      box('mvhd', Buffer.alloc(100, 1)),
      box('udta', box('\u00a9xyz', Buffer.from([0, 18, 0x15, 0xc7]), text(GPS)), box('\u00a9mak', text('PhoneCo'))),
      box(
        'trak',
        box('tkhd', Buffer.alloc(84, 2)),
        box(
          'mdia',
          box('mdhd', Buffer.alloc(24, 3)),
          box('minf', box('stbl', box('stco', Buffer.from([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0]))), box('udta', text('Lens 4'))),
        ),
        box('meta', Buffer.alloc(4), box('hdlr', Buffer.alloc(20)), box('keys', text('com.apple.quicktime.location.ISO6709'))),
      ),
    ),
    largeBox('mdat', Buffer.alloc(256, 0xab)),
  ]);
}

describe('MP4 metadata', () => {
  it('blanks location, maker and XMP in place: same size, same boxes elsewhere, samples untouched', () => {
    const original = phoneVideo();
    const scrubbed = scrubMp4Metadata(original);
    expect(scrubbed.length).toBe(original.length);
    for (const secret of [GPS, 'PhoneCo', 'Pixel 9 Pro', 'Lens 4', 'ISO6709']) {
      expect(original.includes(secret)).toBe(true);
      expect(scrubbed.includes(secret)).toBe(false);
    }
    // The movie header, the track header, the chunk offsets and the samples are byte for byte the same.
    for (const kept of [
      Buffer.alloc(100, 1),
      Buffer.alloc(84, 2),
      Buffer.alloc(256, 0xab),
      Buffer.from([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0]),
    ]) {
      expect(scrubbed.indexOf(kept)).toBe(original.indexOf(kept));
    }
    expect(scrubbed.includes('free')).toBe(true);
    expect(original).toEqual(phoneVideo());
  });

  it('leaves what does not parse as sent', () => {
    const odd = Buffer.concat([box('ftyp', text('isom')), Buffer.alloc(64, 7)]);
    expect(scrubMp4Metadata(odd)).toEqual(odd);
  });

  describe('uploads', () => {
    let t: TestApp;
    let author: Member;
    beforeAll(async () => {
      t = await createTestApp('sqlite');
      author = await member(t);
    });
    afterAll(() => t.close());

    it('stores a video post without its location', async () => {
      const video = `data:video/mp4;base64,${phoneVideo().toString('base64')}`;
      const p = (await ok(t, author, 'POST', '/post/video/post', { post: 'sunset', video }, 201)).post;
      const stored = (await t.inject({ method: 'GET', url: p.video })).rawPayload;
      expect(stored.length).toBe(phoneVideo().length);
      expect(stored.includes(GPS)).toBe(false);
      expect(stored.includes('PhoneCo')).toBe(false);
      expect(stored.subarray(4, 8).toString('latin1')).toBe('ftyp');
    });
  });
});
