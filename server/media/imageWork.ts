import type { Sharp, SharpOptions } from 'sharp';
import { lazyModule } from '../lazyModule';

/**
 * Decoding an image costs memory in proportion to its pixels (about 4 bytes each, plus sharp's
 * working copies), whatever its file size. So the process works on at most IMAGE_WORK_AT_ONCE
 * images at a time; the others wait their turn instead of adding their pixels to the peak. Every
 * sharp pipeline that decodes a member's upload runs through `imageWork`, named by its member:
 * turns go round the members with work waiting (each member's own jobs in order), so one member's
 * twenty images delay another member's one by at most one job, not twenty.
 * One at a time: two made the peak two images' pixels (the upload memory goal).
 */
export const IMAGE_WORK_AT_ONCE = 1;

// require() gets the CommonJS build: the function itself, which `import` sees as the default export.
const loadSharpModule = lazyModule<typeof import('sharp').default>('sharp');
let configured = false;

/** sharp (and libvips with it) is loaded on the first image, not at start (lazyModule.ts). */
export function sharp(input?: Buffer | string, options?: SharpOptions): Sharp {
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
    // the default arenas and 84-131 MB with two (docs/benchmarks/uploads.md).
    module.concurrency(1);
    configured = true;
  }
  return module(input, options);
}

/**
 * At most `size` jobs at once. Waiting jobs queue per key (a member), and the next place goes to
 * the key at the front of the round, which then moves to its back: round-robin between keys, in
 * order within one key. Jobs without a key share one queue.
 */
export function createGate(size: number) {
  let running = 0;
  let waiting = 0;
  // Insertion order is the round: the first key has the next turn.
  const queues = new Map<string, (() => void)[]>();

  function nextInTurn(): (() => void) | undefined {
    const first = queues.entries().next();
    if (first.done) return undefined;
    const [key, queue] = first.value;
    const job = queue.shift();
    queues.delete(key);
    if (queue.length > 0) queues.set(key, queue);
    waiting -= 1;
    return job;
  }

  return {
    async run<T>(work: () => Promise<T>, key = ''): Promise<T> {
      if (running >= size) {
        await new Promise<void>((resolve) => {
          const queue = queues.get(key);
          if (queue) queue.push(resolve);
          else queues.set(key, [resolve]);
          waiting += 1;
        });
      } else running += 1;
      try {
        return await work();
      } finally {
        // Hand the place on to whoever's turn it is, or give it back.
        const next = nextInTurn();
        if (next) next();
        else running -= 1;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
  };
}

const gate = createGate(IMAGE_WORK_AT_ONCE);
/** `owner`: the member whose upload it is (the turns go round the members). */
export const imageWork = <T>(work: () => Promise<T>, owner = ''): Promise<T> => gate.run(work, owner);
export const imageWorkLoad = () => ({ running: gate.running, waiting: gate.waiting });
