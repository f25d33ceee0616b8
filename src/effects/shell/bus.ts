import type { AnyActorRef } from 'xstate';
import type { Post } from '../../api/posts';
import type { SocketMessage } from '../../machines/shell/socket.machine';

/**
 * The streams' bus: the socket machine publishes every server event and each reconnect here;
 * screen machines subscribe through an invoked callback actor (src/effects/streams/streams.ts) that
 * turns them into their own events. A plain in-memory fan-out: no state, no replay of old
 * messages (a screen that missed something catches up over HTTP after `reconnected`).
 */
export type BusMessage =
  | SocketMessage
  | { event: 'reconnected' }
  | { event: 'reset'; feed: 'streams' | 'questions' }
  /** From this tab (the author menu): the member now follows / no longer follows `userId`. */
  | { event: 'following'; userId: string; following: boolean }
  /** From this tab (the author menu): the member blocked `userId`; their posts leave every list. */
  | { event: 'blocked'; userId: string }
  /** From this tab's outbox: a post or question written while no server answered was stored (src/effects/offline/outbox.ts). */
  | { event: 'published'; post: Post }
  /** The member was banned: the socket's `banned` event, or a request refused as banned (src/effects/session/banWatch.ts). */
  | { event: 'account banned' }
  /** This session was ended from another device: the socket said so, or a request was refused (src/effects/session/sessionEndWatch.ts). */
  | { event: 'session ended' };
type Listener = (message: BusMessage) => void;

export function createBus() {
  const listeners = new Set<Listener>();
  return {
    publish(message: BusMessage) {
      for (const listener of [...listeners]) listener(message);
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get size() {
      return listeners.size;
    },
  };
}
export type Bus = ReturnType<typeof createBus>;

/** The app's one bus. */
export const streamsBus = createBus();

/** Tells the screens' lists to reload page 1 (the sidebar's Streams / Questions click). */
export function resetFeed(feed: 'streams' | 'questions', bus: Bus = streamsBus, system?: { get(id: string): AnyActorRef | undefined }) {
  // An app child registered under that systemId hears it too.
  system?.get(feed)?.send({ type: `${feed}.reset` });
  bus.publish({ event: 'reset', feed });
}
