import type { Sharp, SharpOptions } from 'sharp';
import { lazyModule } from '../lazyModule';

/**
 * Decoding an image costs memory in proportion to its pixels (about 4 bytes each, plus sharp's
 * working copies), whatever its file size. So the process works on at most IMAGE_WORK_AT_ONCE
 * images at a time; the others wait their turn (in order) instead of adding their pixels to
 * the peak. Every sharp pipeline that decodes a member's upload runs through `imageWork`.
 * One at a time: two made the peak two images' pixels (issue 16's upload memory goal).
 */
export const IMAGE_WORK_AT_ONCE = 1;

// require() gets the CommonJS build: the function itself, which `import` sees as the default export.
const loadSharpModule = lazyModule<typeof import('sharp').default>('sharp');
let configured = false;

/** sharp (and libvips with it) is loaded on the first image, not at start (lazyModule.ts). */
export function sharp(input?: Buffer, options?: SharpOptions): Sharp {
  const module = loadSharpModule();
  if (!configured) {
    // libvips keeps recent operations' pixels in a cache for reuse; uploads are never decoded twice,
    // so it would only hold memory.
    module.cache(false);
    // glibc gives each thread that allocates its own malloc arena (up to 8 per core), and an image's
    // freed pixels stay in the arena of whichever libvips or libuv thread decoded it: RSS that does
    // not go back, one image's worth per arena. So one libvips thread per image, one image at a
    // time, and `npm start` runs the server with MALLOC_ARENA_MAX=2 (package.json): the uploads
    // benchmark measured 8 parallel uploads of the largest image at 133-231 MB of RSS growth with
    // the default arenas and 84-131 MB with two (issue 16; docs/server.md).
    module.concurrency(1);
    configured = true;
  }
  return module(input, options);
}

export function createGate(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await work();
      } finally {
        // Hand the place on to the next waiting job, or give it back.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

const gate = createGate(IMAGE_WORK_AT_ONCE);
export const imageWork = <T>(work: () => Promise<T>): Promise<T> => gate.run(work);
export const imageWorkLoad = () => ({ running: gate.running, waiting: gate.waiting });
