import type { AreaPlugin } from '../areaPlugin';
import { createPostAnnouncer } from './announce';
import { createForYou } from './forYou';
import { createPostsForOthers } from './forOthers';
import { postRoutes } from './routes';
import { createPostService } from './service';
import { createSnapshotStore } from './snapshots';
import { createPostStore } from './store';
import { createTrending } from './trending';

/** Posts, the streams, "For you" and the trending hashtags. */
export const postsArea: AreaPlugin = {
  name: 'posts',
  // users: presence (socket events go only to members online); follows: the routes' follow checks.
  dependencies: ['users', 'notifications', 'sends', 'follows'],
  build: ({ app, config, database, clock, media, redis, fanout, postWatch }, built) => {
    const postStore = createPostStore(database);
    const announce = createPostAnnouncer({
      store: postStore,
      fanout,
      connected: built.presence.connectedUserIds,
      watching: postWatch.watchers,
      log: app.log,
    });
    const posts = createPostService({
      config,
      clock,
      store: postStore,
      media,
      announce,
      notifier: built.notifications,
      sends: built.sends,
    });
    const forYou = createForYou({ database, store: postStore, snapshots: createSnapshotStore(redis ? { redis } : {}), clock });
    const trending = createTrending({ database, clock });
    return {
      services: { postStore, postsForOthers: createPostsForOthers(postStore), announce, posts, forYou, trending },
      routes: async (api, { uploads }) => {
        await api.register(postRoutes, { config, posts, follows: built.follows, uploads, forYou, trending });
      },
      // Stops the batches of new posts (before the database closes).
      preClose: () => announce.stop(),
    };
  },
};
