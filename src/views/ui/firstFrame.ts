/**
 * A video's first frame instead of a black box, without a poster image: nothing on the server can
 * decode a video frame (sharp reads images only, and there is no ffmpeg), so the browser paints it.
 * A media fragment (`#t=0.1`) with `preload="metadata"` makes it fetch the start of the file and
 * show the frame at 0.1 s; play starts there, a tenth of a second nobody misses. The fragment never
 * reaches the server. docs/client-streams.md, "Videos".
 */
export const FIRST_FRAME_FRAGMENT = '#t=0.1';

/** `src` with the first-frame fragment, unless it carries a fragment already. */
export const withFirstFrame = (src: string): string => (src.includes('#') ? src : `${src}${FIRST_FRAME_FRAGMENT}`);
