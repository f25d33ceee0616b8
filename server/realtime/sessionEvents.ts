import type { BannedPayload } from '../../src/api/moderation';
import type { SessionEndedPayload } from '../../src/api/socket';

/** A session (or every session of a member) ended; its sockets must close now. */
export interface SessionEnd {
  userId: string;
  /** Only this session (sign-out); absent: every session of the member (ban, password change). */
  sessionId?: string;
  reason: SessionEndedPayload['reason'];
  /** A ban: every socket of the member gets `banned` with this, then `session ended`, then is closed. */
  ban?: BannedPayload;
}

/**
 * The hook the auth side calls when a session ends (sign-out, ban, password reset or change).
 * The realtime layer listens and closes the member's sockets on every process (through the
 * Redis adapter when there is one); a reconnect with the old token is then refused by the
 * handshake, which checks tokens as HTTP requests do.
 */
export function createSessionEvents() {
  const listeners = new Set<(end: SessionEnd) => void>();
  return {
    ended(end: SessionEnd): void {
      for (const listener of listeners) listener(end);
    },
    onEnded(listener: (end: SessionEnd) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type SessionEvents = ReturnType<typeof createSessionEvents>;

/** Wraps a store's setBanned so that banning a member also ends their sockets (any caller, admin area included). */
export function endSessionsOnBan<T extends { setBanned: (id: string, banned: boolean, now: string) => Promise<unknown> }>(
  store: T,
  events: SessionEvents,
): T {
  const setBanned = store.setBanned.bind(store);
  store.setBanned = (async (id: string, banned: boolean, now: string) => {
    const result = await setBanned(id, banned, now);
    if (banned) events.ended({ userId: id, reason: 'banned', ban: { reason: '', bannedAt: now } });
    return result;
  }) as T['setBanned'];
  return store;
}
