import { path } from '../path';

/** A member's uploaded images: this area's part of the one path table (src/api/paths.ts). */
export const mediaApiPaths = {
  images: {
    ofUser: path('/images/:userId'),
    upload: path('/images/:kind'),
    remove: path('/images/:imageId'),
  },
} as const;

/** Where uploaded media are served, outside API_BASE. */
export const MEDIA_PREFIX = '/media';
const image = path(`${MEDIA_PREFIX}/image/upload/:version/:id`);
const video = path(`${MEDIA_PREFIX}/video/upload/:version/:name`);

/**
 * Where the server serves uploaded media; the spec's URL shape under /media, outside API_BASE
 * (plain files for <img> and <video>, not the JSON API). The version segment is `v` and a number.
 */
export const mediaPaths = {
  image: Object.assign((version: number | string, id: string) => image(`v${version}`, id), { route: image.route }),
  video: Object.assign((version: number | string, name: string) => video(`v${version}`, name), { route: video.route }),
} as const;
