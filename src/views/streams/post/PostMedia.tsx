import type { Post } from '../../../api/posts';
import { videoFrame } from '../../ui/firstFrame';

/** How large the media is drawn: a stream's card, or the smaller preview of the admin's lists. */
const sizes = {
  card: { image: 'mt-3 max-h-[32rem]', video: 'mt-3 max-h-[32rem]', gif: 'mt-3 max-h-96' },
  preview: { image: 'max-h-80 rounded-xl', video: 'max-h-80 rounded-xl', gif: 'max-h-64' },
} as const;

/** A post's image, video or GIF, each with its description (or one naming who shared it). */
export function PostMedia({
  post,
  size,
}: {
  post: Pick<Post, 'image' | 'imageAlt' | 'video' | 'gifUrl' | 'username'> & Parameters<typeof videoFrame>[0];
  size: keyof typeof sizes;
}) {
  const classes = sizes[size];
  return (
    <>
      {post.image ? (
        <img
          src={post.image}
          alt={post.imageAlt || `Image shared by ${post.username}`}
          loading="lazy"
          className={`${classes.image} w-full bg-neutral-100 object-contain dark:bg-neutral-800`}
        />
      ) : null}
      {post.video ? (
        <video
          {...videoFrame(post)}
          controls
          playsInline
          className={`${classes.video} w-full bg-black`}
          aria-label={`Video shared by ${post.username}`}
        />
      ) : null}
      {post.gifUrl ? (
        <img
          src={post.gifUrl}
          alt={`GIF shared by ${post.username}`}
          loading="lazy"
          referrerPolicy="no-referrer"
          className={`${classes.gif} w-full object-contain`}
        />
      ) : null}
    </>
  );
}
