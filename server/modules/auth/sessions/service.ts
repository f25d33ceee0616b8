import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import {
  CURRENT_SESSION_NOT_ENDED,
  SESSION_ENDED_MESSAGE,
  SESSION_NOT_FOUND,
  deviceWords,
  type AccountSession,
} from '../../../../src/api/account/sessions';
import type { Clock } from '../../../clock';
import type { Config } from '../../../config';
import type { UserRow } from '../../../db/schema';
import { badRequest, notFound } from '../../../http/httpError';
import type { Mailer } from '../../../mail/mailer';
import { newDeviceEmail } from '../../../mail/newDeviceEmail';
import type { SessionEvents } from '../../../realtime/sessionEvents';
import type { AuthContext, TokenVerifier } from '../../../core/authContext';
import type { TokenService } from '../tokens';
import { readDevice, type Device } from './device';
import type { SessionsStore } from './store';
import type { SignInClient } from '../../../core/signInClient';

/** A session's last-seen time is written at most this often (per session and process): never a write per request. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;
/** Sessions whose last write is remembered (one per session that made a request lately). */
const SEEN_CACHE_SIZE = 10_000;

export interface SessionDevicesDeps {
  config: Pick<Config, 'publicUrl'>;
  clock: Clock;
  store: SessionsStore;
  tokens: TokenService;
  mailer: Mailer;
  sessionEvents?: SessionEvents;
  log?: FastifyBaseLogger;
}

/**
 * Where a member is signed in: each session's device and last-seen time, the list, ending one
 * session or all the others (their sockets close at once, as a ban's do, and their next request
 * answers 401 with SESSION_ENDED_MESSAGE), and the e-mail about a sign-in from a new device.
 * The place of a sign-in is not shown: it would need an outside service or a geolocation
 * database this server does not have (docs/server.md).
 */
export function createSessionDevices(deps: SessionDevicesDeps) {
  const { clock, store } = deps;
  const now = () => clock.now().toISOString();
  const lastWritten = new LRUCache<string, number>({ max: SEEN_CACHE_SIZE });

  /**
   * The session made a request (or opened a socket): its last-seen time moves, written at most
   * once every LAST_SEEN_EVERY_MS per session, after the answer and never failing it.
   */
  function seen(auth: AuthContext): void {
    const at = clock.now().getTime();
    const last = lastWritten.get(auth.sessionId);
    if (last !== undefined && at - last < LAST_SEEN_EVERY_MS) return;
    lastWritten.set(auth.sessionId, at);
    store.seen(auth.sessionId, new Date(at).toISOString()).catch((error: unknown) => {
      // The session may have just ended (its row gone): nothing to record.
      deps.log?.debug({ err: error }, 'a session could not be marked seen');
    });
  }

  function ended(userId: string, sessionId: string): void {
    deps.sessionEvents?.ended({ userId, sessionId, reason: 'ended' });
  }

  return {
    /**
     * A session was just opened: its first sighting, and the member's device remembered. A device
     * (browser and system) new to a member who had signed in from another one before is told by
     * e-mail, once the sign-in is answered; their first device ever is not news.
     */
    async opened(user: UserRow, sessionId: string, device: Device): Promise<void> {
      const at = now();
      lastWritten.set(sessionId, clock.now().getTime());
      await store.seen(sessionId, at);
      const { isNew, hadOthers } = await store.recordDevice(user.id, device, at);
      if (isNew && hadOthers) {
        const link = `${deps.config.publicUrl}/app/social/setting/${encodeURIComponent(user.username)}`;
        deps.mailer.sendLater(Promise.resolve(), async () => ({
          to: user.email,
          ...newDeviceEmail({ username: user.username, device: deviceWords(device.browser, device.system), at, link }),
        }));
      }
    },

    /** Readies the session row's device columns before it is written (the sign-in's user agent, read once). */
    device: (client: SignInClient | undefined) => readDevice(client?.userAgent),

    seen,

    async list(auth: AuthContext): Promise<AccountSession[]> {
      const rows = await store.list(auth.userId, now());
      const sessions = rows.map((row): AccountSession => ({
        _id: row.id,
        browser: row.browser,
        system: row.system,
        device: deviceWords(row.browser, row.system),
        firstSeenAt: row.created_at,
        lastSeenAt: row.last_seen_at ?? row.created_at,
        current: row.id === auth.sessionId,
      }));
      // The current one first, then the most recently seen.
      return sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
    },

    async end(auth: AuthContext, sessionId: string): Promise<void> {
      if (sessionId === auth.sessionId) throw badRequest(CURRENT_SESSION_NOT_ENDED);
      if (!(await store.end(auth.userId, sessionId, now()))) throw notFound(SESSION_NOT_FOUND);
      lastWritten.delete(sessionId);
      ended(auth.userId, sessionId);
    },

    async endOthers(auth: AuthContext): Promise<number> {
      const ids = await store.endOthers(auth.userId, auth.sessionId, now());
      for (const id of ids) {
        lastWritten.delete(id);
        ended(auth.userId, id);
      }
      return ids.length;
    },

    /** Why a token that verifies no more was refused: SESSION_ENDED_MESSAGE for a session ended elsewhere. */
    async refusal(token: string): Promise<string | undefined> {
      const claims = await deps.tokens.read(token);
      if (!claims) return undefined;
      return (await store.wasEnded(claims.jti)) ? SESSION_ENDED_MESSAGE : undefined;
    },

    /** The verifier, marking every session it lets through as seen. */
    watching(verify: TokenVerifier): TokenVerifier {
      return async (token) => {
        const auth = await verify(token);
        if (auth) seen(auth);
        return auth;
      };
    },
  };
}

export type SessionDevices = ReturnType<typeof createSessionDevices>;
