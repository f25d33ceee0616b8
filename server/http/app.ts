import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE } from '../../src/api/paths';
import { loadRedis } from '../realtime/redisAdapter';
import { systemClock, type Clock } from '../clock';
import type { Config } from '../config';
import type { AuthContext } from '../core/authContext';
import { ADMIN_TWO_FACTOR_REQUIRED } from '../../src/api/account/words';
import { forbidden } from './httpError';
import type { DatabaseHandle } from '../db/database';
import { createMailer, type Mailer } from '../mail/mailer';
import { mediaRoutes } from '../media/routes';
import { mediaDirOf, openMediaStorage } from '../media/mediaStore';
import type { MediaStorage } from '../media/storage';
import type { Trending } from '../../src/api/posts/forYou';
import type { PasswordHasher } from '../core/passwords';
import type { TokenVerifier } from '../core/authContext';
import type { Viewer } from '../core/visibility';
import type { AccountDataService } from '../modules/accountData/service';
import type { PasswordResetService } from '../modules/auth/passwordReset';
import type { AuthService } from '../modules/auth/service';
import type { TwoFactorService } from '../modules/twoFactor/service';
import type { ChatService } from '../modules/chat/service';
import type { CommentService } from '../modules/comments/service';
import type { FollowService } from '../modules/follows/service';
import type { FollowStore } from '../modules/follows/store';
import type { GroupService } from '../modules/groups/service';
import type { ImageStore } from '../modules/media/store';
import type { ModerationLimits } from '../modules/moderation/limits';
import type { ModerationService } from '../modules/moderation/service';
import type { NotificationService } from '../modules/notifications/service';
import type { PostAnnouncer } from '../modules/posts/announce';
import type { PostsForOthers } from '../modules/posts/forOthers';
import type { ForYou } from '../modules/posts/forYou';
import type { PostService } from '../modules/posts/service';
import type { PostStore } from '../modules/posts/store';
import type { QuestionService } from '../modules/questions/service';
import type { ReactionService } from '../modules/reactions/service';
import { buildAreas } from '../modules/registry';
import type { SavedStore } from '../modules/saved/store';
import type { SearchService } from '../modules/search/service';
import type { ClientSends } from '../modules/sends/clientSends';
import type { Members } from '../modules/users/members';
import type { ProfileService } from '../modules/users/profileService';
import type { ProfileStore } from '../modules/users/profileStore';
import type { ChatRooms } from '../realtime/chatRooms';
import { createFanout, type Fanout } from '../realtime/fanout';
import { createCheckpointEvents, type CheckpointEvents } from '../realtime/checkpointSockets';
import { createSessionEvents, type SessionEvents } from '../realtime/sessionEvents';
import { createPostWatch, type PostWatch } from '../realtime/postWatch';
import type { Presence } from '../realtime/presence';
import { authentication } from './authentication';
import type { SessionDevices } from '../modules/auth/sessions/service';
import { installBodyParsers } from './bodyParsers';
import { clientApp } from './client';
import { capConnections, clientErrorHandler, connectionOptions } from './connections';
import { installErrorHandler, sendError } from './errorHandler';
import { inlineScriptHashes } from './inlineScripts';
import { logRequestLines, loggerOptions } from './logging';
import { refuseNulCharacters } from './nulCharacters';
import { globalLimitKey, isLimited, tooManyRequests } from './rateLimits';
import { createUploadLimit, installMultipart } from './uploadLimit';
import { recordRoutes } from './routeTable';
import { installSecurityHeaders, securityHeaders } from './securityHeaders';
import { systemRoutes } from './systemRoutes';
import { installObservability } from '../observability/http';
import { REQUEST_ID_HEADER, requestIdOf } from '../observability/requestId';
import { PRIVATE_DIR_MODE } from '../privateFiles';

export interface AppDeps {
  database: DatabaseHandle;
  /** Tests move time; everything else uses the system clock. */
  clock?: Clock;
  /** Tests may hand in their own; otherwise one is made from the config and closed with the app. */
  mailer?: Mailer;
  /** Where log lines go (stdout by default); tests read them to prove secrets stay out. */
  logStream?: NodeJS.WritableStream;
}

/**
 * What the areas, the realtime layer and scripts reach through `app.services`, built once per
 * app: what the app makes first, then each area's (server/modules/registry.ts).
 */
export interface Services {
  /** Sign-out, ban and password changes end sessions here; the realtime layer closes their sockets. */
  sessionEvents: SessionEvents;
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  media: MediaStorage;
  fanout: Fanout;
  /** News for a banned member's checkpoint pages (realtime/checkpointSockets.ts). */
  checkpointEvents: CheckpointEvents;
  /** Which sockets show which posts (`watch posts`); attached to socket.io by attachRealtime. */
  postWatch: PostWatch;
  // users
  /** The members' records as other areas and scripts see them (server/modules/users/members.ts). */
  users: Members;
  profileStore: ProfileStore;
  /** Who is online; attached to socket.io by attachRealtime. */
  presence: Presence;
  /** People, profiles and settings (server/modules/users). */
  profiles: ProfileService;
  // auth
  auth: AuthService;
  passwordReset: PasswordResetService;
  hasher: PasswordHasher;
  tokenVerifier: TokenVerifier;
  /** Where a member is signed in: devices, last seen, ending sessions (server/modules/auth/sessions). */
  sessionDevices: SessionDevices;
  sends: ClientSends;
  // posts and the areas built on them
  /** The posts area's own SQL: no other area reads it (they have postsForOthers); tests read its audienceWork. */
  postStore: PostStore;
  /** Reads of posts and the row lock for the areas built on posts (server/modules/posts/forOthers.ts). */
  postsForOthers: PostsForOthers;
  announce: PostAnnouncer;
  posts: PostService;
  /** The ranked stream and the trending hashtags. */
  forYou: ForYou;
  trending: (viewer: Viewer) => Promise<Trending>;
  questions: QuestionService;
  reactions: ReactionService;
  comments: CommentService;
  saved: SavedStore;
  followStore: FollowStore;
  follows: FollowService;
  images: ImageStore;
  /** Groups (the /group/... family) and group posts. */
  groups: GroupService;
  /** The notifications inbox: every area raises its entries here (server/modules/notifications). */
  notifications: NotificationService;
  chat: ChatService;
  chatRooms: ChatRooms;
  /** Reports, bans, appeals, hidden posts, the audit log and the admin statistics (server/modules/moderation). */
  moderation: ModerationService;
  /** Reports (posts and profiles together) and appeals, per member. */
  moderationLimits: ModerationLimits;
  search: SearchService;
  /** Two-factor sign-in (server/modules/twoFactor): built before auth, whose password sign-in asks it. */
  twoFactor: TwoFactorService;
  /** Leaving with your data: exports and account deletion (server/modules/accountData). */
  accountData: AccountDataService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * The whole HTTP app, not yet listening: tests use `app.inject()`, main.ts listens.
 * Order matters: parsers and the error shape first, then headers and limits (their hooks must
 * see every route), then authentication, then the routes, and the client's catch-all last.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    // The readable format writes one line per request itself (logRequestLines), not Fastify's two.
    logController: new LogController({ disableRequestLogging: config.logFormat === 'pretty' }),
    // A hop count means: trust that many proxies in front of us (Fastify's types lack the number form).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Every log line of a request carries its id (`reqId`): a trusted proxy's X-Request-Id, else a fresh one.
    requestIdHeader: false,
    genReqId: requestIdOf(config.trustProxy),
    bodyLimit: config.limits.bodyBytes,
    // Long enough that an over-long reset token gets the friendly 400, not a bare 414.
    routerOptions: { maxParamLength: 1000 },
    // Errors the router raises before any route (bad URL encoding, over-long parameters) get the one shape too.
    frameworkErrors: sendError,
    // Slow requests and idle connections end; websockets are exempt (connections.ts).
    ...connectionOptions(config),
    clientErrorHandler,
  });
  capConnections(app, config);
  if (config.logFormat === 'pretty') logRequestLines(app);
  // Before any route: the table of every route (the authorization tests compare it with theirs).
  recordRoutes(app);
  // The answer names its request id, so a member's report or a proxy's log leads to the server's lines.
  app.addHook('onRequest', (request, reply, done) => (reply.header(REQUEST_ID_HEADER, request.id), done()));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installBodyParsers(app);
  await installMultipart(app);
  installErrorHandler(app);
  // Before every route's schema: no text may hold U+0000 (PostgreSQL refuses it).
  refuseNulCharacters(app);
  // GET /metrics, and the hooks that count every route (server/observability).
  const metrics = installObservability(app, config, deps.database);

  const clock = deps.clock ?? systemClock;
  const mailer = deps.mailer ?? createMailer(config.mail, app.log);
  const redis = config.redisUrl ? new (loadRedis().Redis)(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 }) : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis error (rate limits, auth version)'));
  // With Redis, a write to users or sessions in any process reaches every process's session cache.
  const unshareAuthVersion = redis ? deps.database.authVersion?.shareThrough(redis) : undefined;
  // Likewise a post hidden, deleted or re-scoped in any process reaches every process's "For you" candidates.
  const unshareStreamVersion = redis ? deps.database.streamVersion?.shareThrough(redis) : undefined;
  app.addHook('onClose', async () => {
    if (!deps.mailer) await mailer.close();
    unshareAuthVersion?.();
    unshareStreamVersion?.();
    await redis?.quit().catch(() => redis.disconnect());
  });

  installSecurityHeaders(app, securityHeaders(config, inlineScriptHashes(path.join(config.clientDir, 'index.html'))));
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimits.global.max,
    timeWindow: config.rateLimits.global.windowMs,
    // Per member when signed in, per address otherwise; the app's files and media never (rateLimits.ts).
    keyGenerator: globalLimitKey(() => app.verifyToken),
    allowList: (request) => !isLimited(request.url),
    nameSpace: config.rateLimitNamespace,
    ...(redis ? { redis } : {}),
    // If Redis is down the site stays up; limits resume when it is back.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  });

  const sessionEvents = createSessionEvents();
  // DATA_DIR/media exists whichever store holds the media (media:move copies into it).
  const mediaDir = mediaDirOf(config);
  await fs.mkdir(mediaDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const media = openMediaStorage(config, clock);
  app.addHook('onClose', async () => {
    await media.close();
  });
  const fanout = createFanout();
  const checkpointEvents = createCheckpointEvents();
  const postWatch = createPostWatch({ log: app.log });
  const base = { config, database: deps.database, clock, mailer, media, sessionEvents, fanout, checkpointEvents, postWatch };
  // Every area, built after those it depends on (server/modules/registry.ts).
  const { services, parts } = buildAreas({ ...base, app, redis }, base);
  app.decorate('services', services);
  const uploads = createUploadLimit(app, config);
  if (metrics) {
    metrics.sources.uploads = uploads.load;
    metrics.sources.mail = mailer.stats;
  }

  await app.register(authentication, {
    verify: services.tokenVerifier,
    refusal: services.sessionDevices.refusal,
    // TWO_FACTOR_FOR_ADMINS=required: the admin API answers an administrator only once their second
    // factor is on (Settings > Security, which they reach as any member; docs/server.md).
    ...(config.twoFactor.requiredForAdmins
      ? {
          adminGate: async (auth: AuthContext) => {
            if (!(await services.twoFactor.isOn(auth.userId))) throw forbidden(ADMIN_TWO_FACTOR_REQUIRED);
          },
        }
      : {}),
  });
  // Gives every reply `sendFile`; the media routes and the client fallback use it.
  await app.register(fastifyStatic, { root: mediaDir, serve: false });
  await app.register(mediaRoutes, { storage: media });
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { config, database: deps.database, redis });
      for (const part of parts) await part.routes?.(api, { config, services, uploads });
    },
    { prefix: API_BASE },
  );
  await app.register(fp(clientApp), { clientDir: config.clientDir });
  // The areas' background work (notifications pruning) starts once the app is ready.
  app.addHook('onReady', async () => {
    for (const part of parts) part.onReady?.();
  });
  // preClose: before any onClose hook (main.ts closes the database in one); the areas in reverse order.
  app.addHook('preClose', async () => {
    for (const part of [...parts].reverse()) await part.preClose?.();
  });
  return app;
}
