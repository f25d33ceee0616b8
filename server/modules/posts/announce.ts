import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { serverEvents, type WatchedPostEvent } from '../../../src/api/socket';
import type { Post } from '../../../src/api/posts';
import type { Fanout } from '../../realtime/fanout';
import { createThrottledBatch } from '../../realtime/throttledBatch';
import { presentPost, seesEmail, type ViewerColumnsOfPost } from '../../core/presentPost';
import type { PostStore } from './store';
import { possibleReaders, type Viewer } from '../../core/visibility';

/**
 * Tells sockets about posts, always after the change is committed, and only the members the
 * visibility predicate names (PostStore.audience) among those connected now (`connected`:
 * presence, every process). A member with no socket gets nothing pushed and costs nothing: they
 * load pages by HTTP when they come. A failure to announce is logged, never turned into a failed
 * request: the change itself has happened, and the cursor API lets a client catch up.
 *
 * A new post (and one that newly reaches a member: accepted, unhidden, made wider) goes to every
 * connected member who may see it, for the lists' "new posts". Everything else about an existing
 * post (its counts, comments, answers, an edit, its deletion) goes to the members whose sockets
 * watch it (`watching`: realtime/postWatch.ts, every process), and of those only to who may see it
 * now: the audience query runs over the watchers (a few), never over everyone connected, and a
 * counter costs a frame per socket that shows the post instead of one per connected member.
 *
 * New posts go out in batches (`posts added`, NEW_POSTS_WINDOW_MS): the first at once, then at most
 * one frame per socket a window carrying every post made meanwhile. Each post costs every receiving
 * socket a frame of its own otherwise, and those frames were the largest cost of a busy community.
 */
export const NEW_POSTS_WINDOW_MS = 1000;

/**
 * A post's own events (counts, comments, answers) go out the same way (`post events`,
 * POST_EVENTS_WINDOW_MS): the first at once, then one frame per watching socket a window with every
 * event meanwhile, in order, and of a post's counts only the newest (they travel whole). A busy live
 * stream draws several reactions and comments a second, each a frame to every socket that shows it.
 */
export const POST_EVENTS_WINDOW_MS = 1000;

/** A post event waiting for its window: who it is about, and whom to leave out (a block with the actor). */
interface QueuedPostEvent {
  postId: string;
  notBlockedWith?: string;
  sent: WatchedPostEvent;
}

/** Counts travel whole: of several about the same post, only the newest is worth sending. */
const replacedByLater = (item: QueuedPostEvent) =>
  item.sent.event === serverEvents.postReactions || item.sent.event === serverEvents.questionAnswers
    ? `${item.sent.event}|${item.postId}`
    : null;

/** The batch without the counts a later event of the same kind and post makes stale, in order. */
function newestCounts(items: QueuedPostEvent[]): QueuedPostEvent[] {
  const last = new Map<string, number>();
  items.forEach((item, i) => {
    const key = replacedByLater(item);
    if (key) last.set(key, i);
  });
  return items.filter((item, i) => {
    const key = replacedByLater(item);
    return key === null || last.get(key) === i;
  });
}

/**
 * What each member of a batch gets, item by item, with a key naming exactly those items (and their
 * variants): members with the same key share one frame, so its payload is encoded once.
 */
function framesByMember<T>() {
  const members = new Map<string, { items: T[]; key: string }>();
  return {
    add(memberId: string, item: T, key: string): void {
      const entry = members.get(memberId) ?? { items: [], key: '' };
      entry.items.push(item);
      entry.key += `${key};`;
      members.set(memberId, entry);
    },
    frames(): { ids: string[]; items: T[] }[] {
      const frames = new Map<string, { ids: string[]; items: T[] }>();
      for (const [id, entry] of members) {
        const frame = frames.get(entry.key) ?? { ids: [], items: entry.items };
        frame.ids.push(id);
        frames.set(entry.key, frame);
      }
      return [...frames.values()];
    },
  };
}

export function createPostAnnouncer(deps: {
  store: PostStore;
  fanout: Fanout;
  connected: () => Promise<Iterable<string>>;
  /** The members with a socket that watches the post (any process). */
  watching: (postId: string) => Promise<Iterable<string>>;
  log: FastifyBaseLogger;
}) {
  const { store, fanout } = deps;
  const connectedIds = async () => [...(await deps.connected())];
  const watcherIds = async (postId: string) => [...(await deps.watching(postId))];
  /** Who of the post's watchers may see it now (no query when nobody watches). */
  const watchingAudience = async (postId: string, notBlockedWith?: string): Promise<Viewer[]> => {
    const watchers = await watcherIds(postId);
    return watchers.length === 0 ? [] : store.audience(postId, watchers, notBlockedWith);
  };
  const ADMIN: Viewer = { id: '', isAdmin: true };
  const NOBODY: Viewer = { id: '', isAdmin: false };
  const pickViewerColumns = (c: ViewerColumnsOfPost): ViewerColumnsOfPost => ({
    user_reaction: c.user_reaction,
    viewer_saved: c.viewer_saved,
    viewer_follows_author: c.viewer_follows_author,
  });

  async function safely(what: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      deps.log.warn({ err: error }, `could not announce ${what}`);
    }
  }

  /**
   * New posts to every connected member who may see them (each with the e-mail only for the author
   * and admins, and the member's own reaction, saved and following), in their order; members who get
   * the very same posts share one frame. Visibility is asked when the batch goes: a post deleted or
   * narrowed meanwhile goes where it may now.
   */
  const newPosts = createThrottledBatch<string>(NEW_POSTS_WINDOW_MS, (postIds) =>
    safely(serverEvents.postsAdded, async () => {
      const connected = await connectedIds();
      if (connected.length === 0) return;
      const isConnected = new Set(connected);
      let admins: Promise<string[]> | undefined;
      /** Whom of those connected to ask canSeePost of: only who could see a post of its privacy at all. */
      const askable = async (row: { user_id: string; privacy: string; group_id: string | null }) => {
        const readers = possibleReaders(row);
        if (readers === 'members') return connected;
        const followers = readers === 'followers' ? await store.followersUpTo(row.user_id, connected.length) : [];
        if (followers === null) return connected;
        admins ??= store.admins();
        return [...new Set([row.user_id, ...followers, ...(await admins)])].filter((id) => isConnected.has(id));
      };
      const perMember = framesByMember<Post>();
      for (const [i, postId] of postIds.entries()) {
        // A busy second's batch holds dozens of posts, each an audience query of a few ms over the
        // connected members (better-sqlite3 answers synchronously): requests go in between.
        if (i > 0) await yieldToRequests();
        const row = await store.findVisible(ADMIN, postId);
        if (!row) continue;
        const shown = new Map<string, Post>();
        for (const member of await store.audienceWithViewerFields(postId, await askable(row))) {
          const email = seesEmail(member, row.user_id);
          const variant = `${email}|${member.user_reaction}|${member.viewer_saved}|${member.viewer_follows_author}`;
          let post = shown.get(variant);
          if (!post) {
            post = presentPost({ ...row, ...pickViewerColumns(member) }, email ? ADMIN : NOBODY);
            shown.set(variant, post);
          }
          perMember.add(member.id, post, `${postId}|${variant}`);
        }
      }
      for (const frame of perMember.frames()) {
        await fanout.toUsersInTurns(frame.ids, serverEvents.postsAdded, { posts: frame.items });
        await yieldToRequests();
      }
    }),
  );

  /**
   * A window's post events to who watches each post and may see it now: one audience query per post
   * (and member left out), then one frame per member, shared by members who get the very same events.
   */
  const postEvents = createThrottledBatch<QueuedPostEvent>(POST_EVENTS_WINDOW_MS, (items) =>
    safely(serverEvents.postEvents, async () => {
      const audiences = new Map<string, Viewer[]>();
      const perMember = framesByMember<WatchedPostEvent>();
      for (const [i, item] of newestCounts(items).entries()) {
        const audienceKey = `${item.postId}|${item.notBlockedWith ?? ''}`;
        let audience = audiences.get(audienceKey);
        if (!audience) {
          // Requests go in between the queries (better-sqlite3 answers synchronously).
          if (audiences.size > 0) await yieldToRequests();
          audience = await watchingAudience(item.postId, item.notBlockedWith);
          audiences.set(audienceKey, audience);
        }
        for (const viewer of audience) perMember.add(viewer.id, item.sent, String(i));
      }
      for (const frame of perMember.frames()) await fanout.toUsersInTurns(frame.ids, serverEvents.postEvents, { events: frame.items });
    }),
  );

  return {
    /** A post just made: to every connected member who may see it, with the others of its window (`posts added`). */
    postCreated: (postId: string) => newPosts.add(postId),

    /** Stops batching (server shutdown): what still waits for its window is dropped. */
    stop: async () => {
      await Promise.all([newPosts.stop(), postEvents.stop()]);
    },

    /** Who of those connected may see the post now; take it before a change that may narrow the audience. */
    audience: async (postId: string) => store.audience(postId, await connectedIds()),

    /** Who of the post's watchers may see it now: take it before deleting the post (postDeleted). */
    watchingAudience: (postId: string) => watchingAudience(postId),

    /**
     * A new or changed post to who may see it (with the e-mail only for the author and admins):
     * `post added` to every connected member who may see it and could not before (`before`: taken
     * over every connected member), `post updated` to those who could and watch it; members who
     * could see it before and no longer can are told it is gone (rare: a narrowing change).
     * `entersLists` (a group post accepted): those who could see it before and do not watch it get
     * `post added` too, since it now belongs in lists that did not hold it.
     */
    postChanged: (postId: string, event: 'post added' | 'post updated', before: Viewer[] = [], options: { entersLists?: boolean } = {}) =>
      safely(event, async () => {
        // Nobody connected: nobody to tell, not even those in `before` (their sockets are gone too).
        const connected = await connectedIds();
        if (connected.length === 0) return;
        const row = await store.findVisible(ADMIN, postId);
        if (!row) return;
        const after = await store.audienceWithViewerFields(postId, connected);
        // An edit is news only where the post is on screen.
        const watchers = event === serverEvents.postUpdated ? new Set(await watcherIds(postId)) : null;
        // A change that widens the audience (a group post accepted, a post unhidden or made Public)
        // is news to those who could not see it before: they get 'post added', so lists insert it.
        // So does a member who connected since `before` was taken: lists upsert by id, so a post
        // they already show is replaced, not doubled.
        const saw = new Set(before.map((viewer) => viewer.id));
        const eventFor = (id: string) => (event === serverEvents.postUpdated && !saw.has(id) ? serverEvents.postAdded : event);
        // One payload per distinct (event, e-mail shown, reaction, saved, following): at most a few dozen emits.
        const groups = new Map<string, { event: typeof event; viewer: Viewer; columns: ViewerColumnsOfPost; ids: string[] }>();
        for (const member of after) {
          const email = seesEmail(member, row.user_id);
          let memberEvent = eventFor(member.id);
          if (memberEvent === serverEvents.postUpdated && !watchers?.has(member.id)) {
            // A change that puts the post in lists it was not in (a group post accepted: the
            // group's posts, the streams) is news to those who saw it only where it was (its
            // author, the group's admins), unless a list of theirs shows it already.
            if (!options.entersLists) continue;
            memberEvent = serverEvents.postAdded;
          }
          const key = `${memberEvent}|${email}|${member.user_reaction}|${member.viewer_saved}|${member.viewer_follows_author}`;
          const group = groups.get(key) ?? { event: memberEvent, viewer: email ? ADMIN : NOBODY, columns: member, ids: [] };
          group.ids.push(member.id);
          groups.set(key, group);
        }
        for (const group of groups.values()) {
          fanout.toUsers(group.ids, group.event, { post: presentPost({ ...row, ...pickViewerColumns(group.columns) }, group.viewer) });
        }
        const still = new Set(after.map((viewer) => viewer.id));
        const gone = before.filter((viewer) => !still.has(viewer.id)).map((viewer) => viewer.id);
        fanout.toUsers(gone, serverEvents.postDeleted, { postId });
      }),

    /** `before`: watchingAudience, taken before the post was deleted. */
    postDeleted: (postId: string, before: Viewer[]) =>
      safely('post deleted', async () =>
        fanout.toUsers(
          before.map((viewer) => viewer.id),
          serverEvents.postDeleted,
          { postId },
        ),
      ),

    /**
     * An event about a post (counts, comments, answers) to the members who watch it and may see it
     * when its frame goes (`post events`); `notBlockedWith` also leaves out members in a block with
     * that member. It goes to their user rooms: a member's other tabs get it too, and ignore a post
     * they do not list.
     */
    toAudience: (postId: string, sent: WatchedPostEvent, notBlockedWith?: string): void => postEvents.add({ postId, sent, notBlockedWith }),
  };
}

export type PostAnnouncer = ReturnType<typeof createPostAnnouncer>;
