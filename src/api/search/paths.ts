import { path } from '../path';

/** Search: this area's part of the one path table (src/api/paths.ts). */
export const searchPaths = {
  /** Search (src/api/search.ts): every kind's first page, one kind's pages, and search by image. */
  search: {
    all: path('/search/:query'),
    /** The header's suggestions (people, groups, hashtags) as the member types. */
    suggest: path('/search/suggest/:query'),
    kind: path('/search/:kind/:query').query<{ cursor?: string }>(),
    image: '/search/image',
  },
} as const;
