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
import type { DatabaseHandle } from '../db/database';
import { createMailer, type Mailer } from '../mail/mailer';
import { mediaRoutes } from '../media/routes';
import { createMediaStorage, type MediaStorage } from '../media/storage';
import { googleSignInFromConfig } from '../modules/auth/google';
import { createPasswordHasher } from '../core/passwords';
import { createPasswordResetService, type PasswordResetService } from '../modules/auth/passwordReset';
import { authRoutes } from '../modules/auth/routes';
import { createAuthService, type AuthService } from '../modules/auth/service';
import { createAuthStore } from '../modules/auth/store';
import { createTokenService } from '../modules/auth/tokens';
import { createTokenVerifier } from '../modules/auth/verifier';
import { createStreamServices, streamRoutes, type StreamServices } from '../modules/streams';
import { notificationRoutes } from '../modules/notifications/routes';
import { startPruning } from '../modules/notifications/service';
import { createUserStore, type UserStore } from '../modules/users/store';
import { chatRoutes, createChatServices, type ChatServices } from '../modules/chat/index';
import { createSessionEvents, endSessionsOnBan, type SessionEvents } from '../realtime/sessionEvents';
import { createProfileService, type ProfileService } from '../modules/users/profileService';
import { createProfileStore } from '../modules/users/profileStore';
import { userRoutes } from '../modules/users/routes';
import { createModerationLimits, createModerationService, moderationAdminRoutes, moderationMemberRoutes, type ModerationService } from '../modules/moderation/index';
import { searchRoutes } from '../modules/search/routes';
import { createSearchService } from '../modules/search/service';
import { createSearchStore } from '../modules/search/store';
import { createPostWatch, type PostWatch } from '../realtime/postWatch';
import { createPresence, type Presence } from '../realtime/presence';
import { authentication } from './authentication';
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

/** What later modules and scripts reach through `app.services`, built once per app (the streams areas included). */
export interface Services extends StreamServices, ChatServices {
  /** Sign-out, ban and password changes end sessions here; the realtime layer closes their sockets. */
  sessionEvents: SessionEvents;
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  media: MediaStorage;
  users: UserStore;
  auth: AuthService;
  passwordReset: PasswordResetService;
  /** People, profiles and settings (server/modules/users). */
  profiles: ProfileService;
  /** Who is online; attached to socket.io by attachRealtime. */
  presence: Presence;
  /** Which sockets show which posts (`watch posts`); attached to socket.io by attachRealtime. */
  postWatch: PostWatch;
  /** Reports, bans, appeals, hidden posts, the audit log and the admin statistics (server/modules/moderation). */
  moderation: ModerationService;
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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installBodyParsers(app);
  await installMultipart(app);
  installErrorHandler(app);
  // Before every route's schema: no text may hold U+0000 (PostgreSQL refuses it).
  refuseNulCharacters(app);

  const clock = deps.clock ?? systemClock;
  const mailer = deps.mailer ?? createMailer(config.mail, app.log);
  const redis = config.redisUrl
    ? new (loadRedis().Redis)(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis error (rate limits, auth version)'));
  // With Redis, a write to users or sessions in any process reaches every process's session cache.
  const unshareAuthVersion = redis ? deps.database.authVersion?.shareThrough(redis) : undefined;
  app.addHook('onClose', async () => {
    if (!deps.mailer) await mailer.close();
    unshareAuthVersion?.();
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
    nameSpace: 'stoa-rl-',
    ...(redis ? { redis } : {}),
    // If Redis is down the site stays up; limits resume when it is back.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  });

  const sessionEvents = createSessionEvents();
  const users = endSessionsOnBan(createUserStore(deps.database.db), sessionEvents);
  const authStore = createAuthStore(deps.database.db);
  const tokens = createTokenService(config.jwtSecret, clock);
  const hasher = createPasswordHasher(config.passwordHashing);
  const media = createMediaStorage(path.join(config.dataDir, 'media'), clock);
  await fs.mkdir(media.root, { recursive: true, mode: PRIVATE_DIR_MODE });
  const auth = createAuthService({ config, clock, users, store: authStore, hasher, tokens, media, sessionEvents });
  const google = googleSignInFromConfig(config, { clock, users, media, issueSession: auth.issueSession, log: app.log });
  const passwordReset = createPasswordResetService({ config, clock, users, store: authStore, hasher, mailer, sessionEvents });
  const profileStore = createProfileStore(deps.database);
  const presence = createPresence({ blockPartners: profileStore.blockPartners, log: app.log });
  const postWatch = createPostWatch({ log: app.log });
  const streams = createStreamServices({ config, database: deps.database, clock, media, log: app.log, redis, connected: presence.connectedUserIds, watching: postWatch.watchers });
  const chat = createChatServices({ database: deps.database, clock, blockPartners: profileStore.blockPartners, log: app.log, inbox: streams.notifications });
  const profiles = createProfileService({ config, clock, store: profileStore, hasher, presence, issueSession: auth.issueSession });
  const moderation = createModerationService({ database: deps.database, clock, posts: streams.posts, postStore: streams.postStore, notifications: streams.notifications, sessionEvents });
  app.decorate('services', { config, database: deps.database, clock, mailer, media, users, auth, passwordReset, ...streams, profiles, presence, postWatch, ...chat, sessionEvents, moderation });
  // Reports (posts and profiles together) and appeals, per member: one count shared by both report routes.
  const moderationLimits = createModerationLimits(app, config.rateLimits);
  const uploads = createUploadLimit(app, config);

  await app.register(authentication, { verify: createTokenVerifier({ tokens, store: authStore, clock, version: deps.database.authVersion }) });
  // Gives every reply `sendFile`; the media routes and the client fallback use it.
  await app.register(fastifyStatic, { root: media.root, serve: false });
  await app.register(mediaRoutes, { storage: media });
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { config, database: deps.database });
      await api.register(authRoutes, { config, auth, passwordReset, users, google, uploads });
      await streamRoutes(api, { config, clock, media, users, streams, uploads });
      await api.register(chatRoutes, { chat: chat.chat });
      await api.register(userRoutes, { config, profiles, reportLimit: moderationLimits.reports });
      await api.register(moderationMemberRoutes, { moderation, limits: moderationLimits });
      await api.register(moderationAdminRoutes, { moderation, limits: moderationLimits });
      await api.register(notificationRoutes, { notifications: streams.notifications });
      const search = createSearchService({ config, store: createSearchStore(deps.database, streams.postStore), groups: streams.groups });
      await api.register(searchRoutes, { config, search, uploads });
    },
    { prefix: API_BASE },
  );
  await app.register(fp(clientApp), { clientDir: config.clientDir });
  // Old notifications are pruned in the background, never on a request (docs/server.md).
  let stopPruning: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopPruning = startPruning(streams.notifications, app.log);
  });
  // preClose: before any onClose hook (main.ts closes the database in one).
  app.addHook('preClose', async () => {
    await stopPruning?.();
    await streams.stopAnnouncing();
  });
  return app;
}
