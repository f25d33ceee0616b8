import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { MediaStorage } from '../media/storage';
import { createFanout, type Fanout } from '../realtime/fanout';
import { createNotificationSettings } from './users/notificationSettings';
import { createNotificationService, type NotificationService } from './notifications/service';
import { createNotificationStore } from './notifications/store';
import { commentRoutes } from './comments/routes';
import { createCommentService, type CommentService } from './comments/service';
import { createCommentStore } from './comments/store';
import { followRoutes } from './follows/routes';
import { createFollowService, type FollowService } from './follows/service';
import { createFollowStore, type FollowStore } from './follows/store';
import { groupRoutes } from './groups/routes';
import { createGroupService, type GroupService } from './groups/service';
import { createGroupStore } from './groups/store';
import { imageRoutes } from './media/routes';
import { createImageStore, type ImageStore } from './media/store';
import type { Redis } from 'ioredis';
import type { Trending } from '../../src/api/forYou';
import { createPostAnnouncer } from './posts/announce';
import { createForYou, type ForYou } from './posts/forYou';
import { createSnapshotStore } from './posts/snapshots';
import { createTrending } from './posts/trending';
import type { Viewer } from '../core/visibility';
import { postRoutes } from './posts/routes';
import { createPostService, type PostService } from './posts/service';
import { createPostStore, type PostStore } from './posts/store';
import { questionRoutes } from './questions/routes';
import { createQuestionService, type QuestionService } from './questions/service';
import { createAnswerStore } from './questions/store';
import { reactionRoutes } from './reactions/routes';
import { createReactionService, type ReactionService } from './reactions/service';
import { createReactionStore } from './reactions/store';
import { createClientSends } from './sends/clientSends';
import { savedRoutes } from './saved/routes';
import { createSavedStore, type SavedStore } from './saved/store';
import type { UserStore } from './users/store';
import type { UploadLimit } from '../http/uploadLimit';

/** The streams areas (posts, questions, reactions, comments, saved, follows, images), built once per app. */
export interface StreamServices {
  /** Stops the batches of new posts (shutdown, before the database closes). */
  stopAnnouncing: () => Promise<void>;
  fanout: Fanout;
  postStore: PostStore;
  posts: PostService;
  questions: QuestionService;
  reactions: ReactionService;
  comments: CommentService;
  saved: SavedStore;
  followStore: FollowStore;
  follows: FollowService;
  images: ImageStore;
  /** Groups (the /group/... family) and group posts. */
  groups: GroupService;
  /** The notifications inbox: every module raises its entries here (server/modules/notifications). */
  notifications: NotificationService;
  /** The ranked stream and the trending hashtags (issue 14). */
  forYou: ForYou;
  trending: (viewer: Viewer) => Promise<Trending>;
}

export function createStreamServices(deps: {
  config: Pick<Config, 'limits'>;
  database: DatabaseHandle;
  clock: Clock;
  media: MediaStorage;
  log: FastifyBaseLogger;
  /** With REDIS_URL: "For you" snapshots are shared by every process. */
  redis?: Redis | undefined;
  /** The members with a socket now, on any process (presence): the only ones socket events go to. */
  connected: () => Promise<Iterable<string>>;
  /** The members with a socket that watches a post (realtime/postWatch.ts): its own events go to them. */
  watching: (postId: string) => Promise<Iterable<string>>;
}): StreamServices {
  const { database, clock } = deps;
  const fanout = createFanout();
  const postStore = createPostStore(database);
  const announce = createPostAnnouncer({ store: postStore, fanout, connected: deps.connected, watching: deps.watching, log: deps.log });
  const notifications = createNotificationService({
    store: createNotificationStore(database),
    settings: createNotificationSettings(database),
    fanout,
    clock,
    log: deps.log,
  });
  const notifier = notifications;
  const sends = createClientSends(database);
  const posts = createPostService({ config: deps.config, clock, store: postStore, media: deps.media, announce, notifier, sends });
  const followStore = createFollowStore(database);
  const groups = createGroupService({ store: createGroupStore(database), posts, postStore, fanout, media: deps.media, clock, notifier });
  return {
    stopAnnouncing: () => announce.stop(),
    notifications,
    groups,
    fanout,
    postStore,
    posts,
    questions: createQuestionService({ answers: createAnswerStore(database, postStore), posts, postStore, announce, clock, notifier, sends }),
    reactions: createReactionService({ store: createReactionStore(database, postStore), posts: postStore, announce, clock, notifier }),
    comments: createCommentService({ store: createCommentStore(database, postStore), posts: postStore, announce, clock, notifier, sends }),
    saved: createSavedStore(database),
    followStore,
    follows: createFollowService({ store: followStore, clock, fanout, notifier }),
    images: createImageStore(database),
    forYou: createForYou({ database, store: postStore, snapshots: createSnapshotStore(deps.redis ? { redis: deps.redis } : {}), clock }),
    trending: createTrending({ database, clock }),
  };
}

/** Registers every streams route (call inside the /api/v1 prefix). */
export async function streamRoutes(
  api: FastifyInstance,
  opts: { config: Pick<Config, 'limits'>; clock: Clock; media: MediaStorage; users: UserStore; streams: StreamServices; uploads: UploadLimit },
): Promise<void> {
  const { streams: s } = opts;
  await api.register(postRoutes, { config: opts.config, posts: s.posts, follows: s.followStore, uploads: opts.uploads, forYou: s.forYou, trending: s.trending });
  await api.register(questionRoutes, { questions: s.questions, posts: s.posts, follows: s.followStore });
  await api.register(reactionRoutes, { reactions: s.reactions, users: opts.users });
  await api.register(commentRoutes, { comments: s.comments });
  await api.register(savedRoutes, { saved: s.saved, posts: s.posts, clock: opts.clock });
  await api.register(followRoutes, { follows: s.follows });
  await api.register(groupRoutes, { groups: s.groups, config: opts.config, uploads: opts.uploads });
  await api.register(imageRoutes, { config: opts.config, clock: opts.clock, images: s.images, media: opts.media, follows: s.followStore, uploads: opts.uploads });
}
