/**
 * A video's poster, made by the composer's browser (which can decode the video; the server cannot:
 * docs/client-streams.md, "Videos"): the frame at 0.1 s drawn on a canvas and encoded as a JPEG,
 * sent with the video as its `poster` part. The server re-encodes it like a photo. Anything that
 * goes wrong (a codec the browser lacks, no canvas, a slow decoder) gives no poster, never an
 * error: the video is sent without one and keeps the `#t=0.1` fallback.
 */

/** Where the frame is taken: the first frame players show, past a black first frame of some encoders. */
export const POSTER_AT_SECONDS = 0.1;
/** The poster's longest side; the server bounds it again (MAX_IMAGE_SIDE). */
export const POSTER_MAX_SIDE = 1280;
const POSTER_TYPE = 'image/jpeg';
const POSTER_QUALITY = 0.85;
/** How long the browser may take to decode the frame before the video goes without a poster. */
const POSTER_WAIT_MS = 5000;

const once = (target: EventTarget, names: string[], ms: number): Promise<string | null> =>
  new Promise((resolve) => {
    const done = (name: string | null) => {
      clearTimeout(timer);
      for (const n of names) target.removeEventListener(n, handlers[n]!);
      resolve(name);
    };
    const handlers: Record<string, () => void> = Object.fromEntries(names.map((n) => [n, () => done(n)]));
    for (const n of names) target.addEventListener(n, handlers[n]!);
    const timer = setTimeout(() => done(null), ms);
  });

/** The video's frame at POSTER_AT_SECONDS as a JPEG, or null when the browser cannot draw it. */
export async function drawVideoPoster(video: Blob | string): Promise<Blob | null> {
  if (typeof document === 'undefined') return null;
  const element = document.createElement('video');
  // A browser that plays neither format (jsdom) has nothing to draw.
  if (!element.canPlayType('video/mp4') && !element.canPlayType('video/webm')) return null;
  const url = typeof video === 'string' ? video : URL.createObjectURL(video);
  try {
    element.muted = true;
    element.playsInline = true;
    element.preload = 'auto';
    element.src = url;
    if ((await once(element, ['loadeddata', 'error'], POSTER_WAIT_MS)) !== 'loadeddata') return null;
    const duration = Number.isFinite(element.duration) ? element.duration : POSTER_AT_SECONDS * 2;
    const at = Math.min(POSTER_AT_SECONDS, duration / 2);
    if (at > 0 && element.currentTime !== at) {
      element.currentTime = at;
      await once(element, ['seeked', 'error'], POSTER_WAIT_MS);
    }
    const { videoWidth: width, videoHeight: height } = element;
    if (!width || !height || element.readyState < 2) return null;
    const scale = Math.min(1, POSTER_MAX_SIDE / Math.max(width, height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(element, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, POSTER_TYPE, POSTER_QUALITY));
  } catch {
    return null;
  } finally {
    element.removeAttribute('src');
    element.load();
    if (typeof video !== 'string') URL.revokeObjectURL(url);
  }
}

/**
 * The poster of the video the member attached last: started when the file is read (so it is
 * ready by the time they publish), reused by the publish that sends that same video.
 */
let last: { video: string; poster: Promise<Blob | null> } | null = null;

export function videoPosterOf(video: string, draw: (video: string) => Promise<Blob | null> = drawVideoPoster): Promise<Blob | null> {
  if (!video.startsWith('data:') && !video.startsWith('blob:')) return Promise.resolve(null);
  if (last?.video !== video) last = { video, poster: draw(video).catch(() => null) };
  return last.poster;
}
