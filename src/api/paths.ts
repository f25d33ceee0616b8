import { accountDataPaths, accountSessionsPaths, twoFactorPaths } from './account/paths';
import { authPaths } from './auth/paths';
import { chatPaths } from './chat/paths';
import { groupsPaths } from './groups/paths';
import { MEDIA_PREFIX, mediaApiPaths } from './media/paths';
import { SOCKET_PATH } from './socket';
import { moderationPaths } from './moderation/paths';
import { notificationsPaths } from './notifications/paths';
import { postsPaths } from './posts/paths';
import { searchPaths } from './search/paths';
import { usersPaths } from './users/paths';
import { CONFIG_PATH } from './base';

export { mediaPaths } from './media/paths';

/**
 * Every HTTP path of the API, relative to API_BASE: the one table, composed here from each
 * area's part (src/api/<area>/paths.ts). Client and server both take their paths from it; a path
 * exists in one place only. A path with parameters is its Fastify pattern (`path(...)`, see
 * ./path.ts): call it for the client's URL, read `.route` for the server's route. A path without
 * parameters is a plain string, its own route. tests/server/http/routes.test.ts checks that the
 * server registers exactly this table.
 */
export { API_BASE } from './base';

/** Prometheus's scrape path (outside API_BASE: a scraper, not the app, asks for it); docs/server.md. */
export const METRICS_PATH = '/metrics';

/**
 * The paths that belong to the server, each with what lies below it: never answered with the app's
 * HTML (server/http/client.ts) nor from the service worker's shell (src/worker/sw.ts, which adds
 * METRICS_PATH).
 */
export const SERVER_PREFIXES = ['/api', MEDIA_PREFIX, SOCKET_PATH] as const;

export const paths = {
  /** The process is alive (and its database answers). */
  health: '/health',
  /** The process can serve: database and Redis reachable, migrations done (200), else 503. */
  ready: '/ready',
  config: CONFIG_PATH,
  ...authPaths,
  ...accountSessionsPaths,
  ...postsPaths,
  ...usersPaths,
  ...moderationPaths,
  ...mediaApiPaths,
  ...chatPaths,
  ...groupsPaths,
  ...notificationsPaths,
  ...searchPaths,
  ...twoFactorPaths,
  ...accountDataPaths,
} as const;
