import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { Services } from '../http/app';
import type { UploadLimit } from '../http/uploadLimit';
import type { Mailer } from '../mail/mailer';
import type { MediaStorage } from '../media/storage';
import type { Fanout } from '../realtime/fanout';
import type { CheckpointEvents } from '../realtime/checkpointSockets';
import type { PostWatch } from '../realtime/postWatch';
import type { SessionEvents } from '../realtime/sessionEvents';

/** What the app makes before any area (server/http/app.ts) and hands to each. */
export interface AreaContext {
  /** The root instance: for its logger, and for limits that add their hooks to every request. */
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  media: MediaStorage;
  /** With REDIS_URL. */
  redis: Redis | undefined;
  sessionEvents: SessionEvents;
  /** Socket events to members (realtime/fanout.ts). */
  fanout: Fanout;
  /** News for a banned member's checkpoint pages (realtime/checkpointSockets.ts). */
  checkpointEvents: CheckpointEvents;
  /** Which sockets show which posts (realtime/postWatch.ts). */
  postWatch: PostWatch;
}

/** What an area registers its routes with, inside /api/v1. */
export interface RouteContext {
  config: Config;
  /** Every area's services, all built. */
  services: Services;
  uploads: UploadLimit;
}

/** What an area's `build` gives back. */
export interface AreaParts {
  /** Merged into `app.services`. */
  services: Partial<Services>;
  /** Registers the area's routes (inside /api/v1), in the registry's order. */
  routes?: (api: FastifyInstance, context: RouteContext) => Promise<void>;
  /** Started once the app is ready (background work never runs on a request). */
  onReady?: () => void;
  /** Stopped before the app closes, the areas in reverse order. */
  preClose?: () => Promise<void>;
}

/**
 * One area of the server, registered one way: by its entry in server/modules/registry.ts. An
 * area is built after the areas it names in `dependencies` (their services are in `built`),
 * and may read only those.
 */
export interface AreaPlugin {
  name: string;
  dependencies: readonly string[];
  build: (context: AreaContext, built: Services) => AreaParts;
}
