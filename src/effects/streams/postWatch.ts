import { fromCallback, type EventObject } from 'xstate';
import { POST_WATCH_MAX } from '../../api/constants';
import { clientEvents } from '../../api/socket';
import { emitToServer, streamsBus, type Bus, type BusMessage } from '../shell/socket';

/**
 * At most one `watch posts` per this interval: the first change after a quiet spell goes out at once
 * (a post on screen is watched within a round trip), later ones gather until the interval is over (a
 * live feed under a burst of arrivals). A busy community costs the server one watch a second per
 * socket at most, whatever the rate of new posts.
 */
export const POST_WATCH_INTERVAL_MS = 1000;
/** After a refused watch (a full client-event allowance): try again this much later. */
const RETRY_MS = 3000;

/**
 * The posts this tab shows, told to the server as one `watch posts` (src/api/posts/schemas.ts,
 * watchPostsSchema): a post's counts, comments, answers, edits and deletion reach the socket only
 * while it watches the post. Every list on screen (a feed, a post's comments, a question's answers)
 * says what it shows under its own key (`show`) and leaves with `forget`; the union, newest list
 * first, capped at POST_WATCH_MAX, goes out at once and then at most once per
 * POST_WATCH_INTERVAL_MS, only when it differs from what the socket already watches. A new socket
 * watches nothing: after each connect (the bus's `reconnected`, the first connect too) the union
 * goes out again. Counts travel whole (a post's reactions, its comments count), so an event missed
 * in the round trip before a watch is made good by the next one.
 */
export function createPostWatch({
  bus = streamsBus,
  emit = emitToServer,
  intervalMs = POST_WATCH_INTERVAL_MS,
}: { bus?: Bus; emit?: typeof emitToServer; intervalMs?: number } = {}) {
  const lists = new Map<object, string[]>();
  /** What the socket watches, as told and acknowledged ('' = nothing: a new socket). */
  let watched = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sending = false;
  let lastSentAt = -Infinity;

  const shown = (): string[] => {
    const ids = new Set<string>();
    for (const postIds of [...lists.values()].reverse()) for (const id of postIds) ids.add(id);
    return [...ids].slice(0, POST_WATCH_MAX);
  };

  /** Soon: at once (the same task's changes together) or when the interval since the last watch is over. */
  const schedule = (atLeastMs = 0) => {
    if (timer !== null) return;
    const wait = Math.max(atLeastMs, lastSentAt + intervalMs - Date.now());
    timer = setTimeout(() => void flush(), Math.max(0, wait));
  };

  async function flush(): Promise<void> {
    timer = null;
    if (sending) return schedule();
    const ids = shown();
    const key = ids.join(',');
    if (key === watched) return;
    sending = true;
    lastSentAt = Date.now();
    const ack = await emit(clientEvents.watchPosts, { postIds: ids });
    sending = false;
    if (ack.ok) watched = key;
    // Not connected: the next connect sends it. Refused (slow down, no answer): later.
    else if (ack.message !== 'Not connected') schedule(RETRY_MS);
  }

  const unsubscribe = bus.subscribe((message) => {
    if (message.event !== 'reconnected') return;
    watched = '';
    lastSentAt = -Infinity;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    schedule();
  });

  return {
    /** This list (`key`: its live actor) shows these posts now, newest first. */
    show(key: object, postIds: string[]): void {
      lists.delete(key);
      lists.set(key, postIds);
      schedule();
    },
    /** This list is gone. */
    forget(key: object): void {
      if (lists.delete(key)) schedule();
    },
    /** What the next watch would say (tests). */
    shown,
    stop(): void {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
export type PostWatch = ReturnType<typeof createPostWatch>;

/** The app's one watch, on the app's socket and bus. */
export const postWatch = createPostWatch();

/**
 * A list's live actor: the bus's messages as its machine's events (`eventOf`: null for the others),
 * and the posts the list shows watched while the actor runs: those its input names (`shows`: a
 * post's comments, a question's answers) and those its machine tells it (`{ postIds }`: a feed).
 * `alsoListen`: another source of the same machine's events while the actor runs (its cleanup returned).
 */
export function watchingActor<TCommand extends EventObject, TInput>(
  bus: Bus,
  watch: Pick<PostWatch, 'show' | 'forget'>,
  eventOf: (message: BusMessage, input: TInput) => EventObject | null,
  shows?: (input: TInput) => string[],
  alsoListen?: (input: TInput, sendBack: (event: EventObject) => void) => () => void,
) {
  return fromCallback<TCommand, TInput>(({ input, sendBack, receive, self }) => {
    if (shows) watch.show(self, shows(input));
    const stopListening = alsoListen?.(input, sendBack) ?? (() => {});
    receive((command) => {
      if ('postIds' in command) watch.show(self, command.postIds as string[]);
    });
    const unsubscribe = bus.subscribe((message) => {
      const event = eventOf(message, input);
      if (event) sendBack(event);
    });
    return () => {
      unsubscribe();
      stopListening();
      watch.forget(self);
    };
  });
}
