/**
 * What a post's `<video>` shows before it plays (docs/client-streams.md, "Videos"): its poster, the
 * first frame the composer's browser drew at upload and the server stored as an image
 * (`videoPoster`). A video without one (sent the spec's data-URL way, by an older client, or by a
 * browser that could not draw it) shows its first frame through the browser instead: a media
 * fragment (`#t=0.1`) with `preload="metadata"` makes it fetch the start of the file and show the
 * frame at 0.1 s; play starts there, a tenth of a second nobody misses. The fragment never reaches
 * the server.
 */
export const FIRST_FRAME_FRAGMENT = '#t=0.1';

/** `src` with the first-frame fragment, unless it carries a fragment already. */
export const withFirstFrame = (src: string): string => (src.includes('#') ? src : `${src}${FIRST_FRAME_FRAGMENT}`);

/** The `src`, `poster` and `preload` of a post's video: its poster when it has one, else the fragment. */
export function videoFrame(post: { video: string; videoPoster?: string }): { src: string; poster?: string; preload: 'metadata' } {
  return post.videoPoster
    ? { src: post.video, poster: post.videoPoster, preload: 'metadata' }
    : { src: withFirstFrame(post.video), preload: 'metadata' };
}
