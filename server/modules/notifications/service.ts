import type { FastifyBaseLogger } from 'fastify';
import {
  NOTIFICATION_NOT_FOUND,
  NOTIFICATION_SETTING_OF,
  NOTIFICATIONS_KEEP_DAYS,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationDeleted,
  type NotificationKind,
  type NotificationRead,
  type NotificationsChangedPayload,
  type NotificationsPage,
  type NotificationsReadAll,
  type NotificationTarget,
} from '../../../src/api/notifications';
import type { Cursor } from '../../../src/api/pages';
import { serverEvents } from '../../../src/api/socket';
import type { Clock } from '../../clock';
import { notFound } from '../../http/httpError';
import type { Fanout } from '../../realtime/fanout';
import { presentSummary } from '../../core/presentUser';
import type { Viewer } from '../../core/visibility';
import type { NotificationSettings } from '../users/notificationSettings';
import type { ActorFilter, EntryRow, NotificationStore } from './store';
import { excerptOf } from './excerpt';

/** What a module raises after its write: `kind` from `actorId` (null: the site, e.g. a moderator's decision) to `to`. */
export interface NotifyInput {
  kind: NotificationKind;
  to: string | readonly string[];
  actorId: string | null;
  /** A post target becomes 'question' by itself when the post is one. */
  target: { type: NotificationTarget; id: string };
  /** Moderation entries: what the report was about ('post' or 'profile'). */
  detail?: string;
}

/** Undo: take `actorId` out of the entries of `kind` about `targetId`, or of member `to` (one of the two at least). */
export type WithdrawInput = { actorId: string; kind?: NotificationKind } & (
  { to: string; targetId?: string } | { to?: string; targetId: string }
);

const POST_TARGETS: readonly NotificationTarget[] = ['post', 'question'];
const MODERATION: readonly NotificationKind[] = [
  'reportResolved',
  'reportDismissed',
  'appealApproved',
  'appealRejected',
  'banned',
  'unbanned',
  // Not moderation, but the site's own news too (no actor): the member's data export is ready.
  'dataExportReady',
];
const DAY_MS = 24 * 60 * 60 * 1000;
/** Pruning deletes at most this many entries per statement, and yields between batches. */
export const PRUNE_BATCH = 500;

const cursorOf = (row: EntryRow): Cursor => ({ createdAt: row.updated_at, id: row.id });
const cursorText = (row: { updatedAt: string; _id: string }) => `${row.updatedAt}_${row._id}`;

/**
 * The notifications inbox (`app.services.notifications`). Modules call `notify` after their write
 * and `withdraw` after an undo; neither ever fails the action that raised it (a failure is logged).
 * The member's settings, blocks and the visibility rule decide at creation whether an entry is
 * made; reads leave out (and delete) entries whose post or group the member can no longer see.
 * Every change reaches the member's own sockets: `notification` for an arrival, `notifications
 * changed` for the rest, each with the unread count.
 */
export function createNotificationService(deps: {
  store: NotificationStore;
  settings: Pick<NotificationSettings, 'mutedAmong'>;
  fanout: Fanout;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { store, fanout } = deps;
  const now = () => deps.clock.now().toISOString();

  async function quietly(what: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      deps.log.warn({ err: error }, `notifications: ${what} failed`);
    }
  }

  /**
   * The member's entries as they see them now: each with its newest actors and its target's name.
   * `hidden`: entries about a post or group the member can no longer see (or that is gone), or
   * left with no actor; the caller deletes them.
   */
  async function present(userId: string, rows: readonly EntryRow[]): Promise<{ shown: Notification[]; hidden: string[] }> {
    const idsOf = (types: readonly NotificationTarget[]) => [
      ...new Set(rows.filter((r) => types.includes(r.target_type)).map((r) => r.target_id)),
    ];
    const [posts, groups, chats, actors] = await Promise.all([
      store.visiblePosts(userId, idsOf(POST_TARGETS)),
      store.groupNames(idsOf(['group'])),
      store.groupChatNames(idsOf(['groupChat'])),
      store.actorsOf(rows.map((r) => r.id)),
    ]);
    const postById = new Map(posts.map((p) => [p.id, p]));
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    const chatName = new Map(chats.map((g) => [g.id, g.name]));
    const shown: Notification[] = [];
    const hidden: string[] = [];
    for (const row of rows) {
      const people = actors.filter((a) => a.notification_id === row.id).map(presentSummary);
      let target: Notification['target'] | null = null;
      switch (row.target_type) {
        case 'post':
        case 'question': {
          const post = postById.get(row.target_id);
          if (post) target = { type: post.kind === 'question' ? 'question' : 'post', id: post.id, label: excerptOf(post.post) };
          break;
        }
        case 'group':
          if (groupName.has(row.target_id)) target = { type: 'group', id: row.target_id, label: groupName.get(row.target_id)! };
          break;
        case 'groupChat':
          if (chatName.has(row.target_id)) target = { type: 'groupChat', id: row.target_id, label: chatName.get(row.target_id)! };
          break;
        case 'profile':
          // A follow: the newest follower's profile.
          if (people[0]) target = { type: 'profile', id: people[0]._id, label: people[0].username };
          break;
        default:
          target = { type: row.target_type, id: row.target_id, label: '' };
      }
      if (!target || (people.length === 0 && !MODERATION.includes(row.kind))) {
        hidden.push(row.id);
        continue;
      }
      shown.push({
        _id: row.id,
        kind: row.kind,
        target,
        actors: people,
        actorCount: Number(row.actor_count),
        read: row.read_at !== null,
        detail: row.detail,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      });
    }
    return { shown, hidden };
  }

  /** The member's sockets (every tab, every process) learn what changed and the new unread count. */
  async function tellChanged(userId: string, change: Omit<NotificationsChangedPayload, 'unreadCount'>): Promise<number> {
    const unreadCount = await store.unreadCount(userId);
    fanout.toUsers([userId], serverEvents.notificationsChanged, { unreadCount, ...change });
    return unreadCount;
  }

  async function presentOne(userId: string, id: string): Promise<Notification | null> {
    const { shown } = await present(userId, await store.entries(userId, [id]));
    return shown[0] ?? null;
  }

  /** After an undo or a deletion: entries gone and entries that lost an actor, to their member's sockets. */
  async function tellWithdrawn(changes: Map<string, { removed: string[]; updated: string[] }>): Promise<void> {
    for (const [userId, { removed, updated }] of changes) {
      if (removed.length > 0) await tellChanged(userId, { removed });
      for (const id of updated) {
        const entry = await presentOne(userId, id);
        if (entry) await tellChanged(userId, { updated: entry });
      }
    }
  }

  async function removeAndTell(byUser: Map<string, string[]>): Promise<void> {
    for (const [userId, ids] of byUser) {
      const removed = await store.remove(userId, ids);
      if (removed.length > 0) await tellChanged(userId, { removed });
    }
  }

  async function raiseFor(userId: string, input: NotifyInput, targetType: NotificationTarget, at: string): Promise<void> {
    const groupKey = input.kind === 'follow' ? `follow:${at.slice(0, 10)}` : `${input.kind}:${input.target.id}`;
    const id = await store.raise({
      userId,
      kind: input.kind,
      targetType,
      targetId: input.target.id,
      groupKey,
      detail: input.detail ?? '',
      actorId: input.actorId,
      now: at,
    });
    const notification = await presentOne(userId, id);
    if (!notification) return;
    fanout.toUsers([userId], serverEvents.notification, { type: 'inbox', notification, unreadCount: await store.unreadCount(userId) });
  }

  return {
    /**
     * Makes (or adds the actor to) the entry of each recipient, unless: it is the actor themself,
     * their setting of that kind is off, a block stands between them and the actor, or they may
     * not see the post it is about. Then tells their sockets. Never throws.
     */
    notify: (input: NotifyInput): Promise<void> =>
      quietly(`raising ${input.kind}`, async () => {
        let to = [...new Set(typeof input.to === 'string' ? [input.to] : input.to)].filter((id) => id !== input.actorId);
        const setting = NOTIFICATION_SETTING_OF[input.kind];
        if (setting && to.length > 0) {
          const muted = await deps.settings.mutedAmong(setting, to);
          to = to.filter((id) => !muted.has(id));
        }
        if (input.actorId && to.length > 0) {
          const blocked = await store.inBlockWith(input.actorId, to);
          to = to.filter((id) => !blocked.has(id));
        }
        const kinds = new Map<string, NotificationTarget>();
        if (POST_TARGETS.includes(input.target.type) && to.length > 0) {
          const seeing = await store.seeingPost(input.target.id, to);
          to = to.filter((id) => seeing.has(id));
          for (const [id, kind] of seeing) kinds.set(id, kind === 'question' ? 'question' : 'post');
        }
        const at = now();
        for (const userId of to) {
          await quietly(`raising ${input.kind} for a member`, () => raiseFor(userId, input, kinds.get(userId) ?? input.target.type, at));
        }
      }),

    /** Undo (unfollow, unreact, a deleted comment or answer, ...): the actor leaves those entries. Never throws. */
    withdraw: (input: WithdrawInput): Promise<void> =>
      quietly(`withdrawing ${input.kind ?? 'an actor'}`, async () => {
        const filter: ActorFilter = input.to
          ? { actorId: input.actorId, userId: input.to, ...(input.targetId ? { targetId: input.targetId } : {}) }
          : { actorId: input.actorId, targetId: input.targetId! };
        await tellWithdrawn(await store.withdraw(input.kind ? { ...filter, kind: input.kind } : filter));
      }),

    /** A block between two members: each leaves the other's entries (nothing ever comes from a member in a block). Never throws. */
    forgetBetween: (a: string, b: string): Promise<void> =>
      quietly('forgetting a blocked member', async () => {
        await tellWithdrawn(await store.withdraw({ actorId: b, userId: a }));
        await tellWithdrawn(await store.withdraw({ actorId: a, userId: b }));
      }),

    /** A post, question, group or group chat was deleted: the entries about it go. Never throws. */
    forgetTarget: (targetId: string): Promise<void> =>
      quietly('forgetting a deleted target', async () => removeAndTell(await store.aboutTarget(targetId))),

    /**
     * A page of the member's inbox, newest activity first. Entries the member can no longer see
     * are skipped (and deleted), and the page filled from the ones after them.
     */
    async page(viewer: Viewer, cursor?: Cursor): Promise<NotificationsPage> {
      const size = NOTIFICATIONS_PAGE_SIZE;
      const shown: Notification[] = [];
      const hidden: string[] = [];
      let from = cursor;
      let more = true;
      while (shown.length < size && more) {
        const rows = await store.page(viewer.id, size, from);
        more = rows.length > size;
        const items = rows.slice(0, size);
        const seen = await present(viewer.id, items);
        shown.push(...seen.shown);
        hidden.push(...seen.hidden);
        if (items.length > 0) from = cursorOf(items[items.length - 1]!);
      }
      if (hidden.length > 0) {
        const removed = await store.remove(viewer.id, hidden);
        if (removed.length > 0) await tellChanged(viewer.id, { removed });
      }
      const page = shown.slice(0, size);
      const nextCursor = shown.length > size || (more && page.length === size) ? cursorText(page[page.length - 1]!) : null;
      return { notifications: page, nextCursor, unreadCount: await store.unreadCount(viewer.id) };
    },

    unreadCount: async (viewer: Viewer) => ({ unreadCount: await store.unreadCount(viewer.id) }),

    /** Marks one entry read (every tab of the member hears of it). */
    async read(viewer: Viewer, id: string): Promise<NotificationRead> {
      if (!(await store.markRead(viewer.id, id, now()))) throw notFound(NOTIFICATION_NOT_FOUND);
      const notification = await presentOne(viewer.id, id);
      if (!notification) {
        // Its post or group is gone for the member: the entry goes too.
        await store.remove(viewer.id, [id]);
        await tellChanged(viewer.id, { removed: [id] });
        throw notFound(NOTIFICATION_NOT_FOUND);
      }
      const unreadCount = await tellChanged(viewer.id, { read: [id] });
      return { message: 'Notification marked as read', notification, unreadCount };
    },

    async readAll(viewer: Viewer): Promise<NotificationsReadAll> {
      await store.markAllRead(viewer.id, now());
      const unreadCount = await tellChanged(viewer.id, { allRead: true });
      return { message: 'All notifications marked as read', unreadCount };
    },

    async remove(viewer: Viewer, id: string): Promise<NotificationDeleted> {
      const removed = await store.remove(viewer.id, [id]);
      if (removed.length === 0) throw notFound(NOTIFICATION_NOT_FOUND);
      const unreadCount = await tellChanged(viewer.id, { removed });
      return { message: 'Notification deleted', notificationId: id, unreadCount };
    },

    /**
     * Deletes entries last active more than NOTIFICATIONS_KEEP_DAYS ago, PRUNE_BATCH at a time with
     * a pause between batches, so no statement runs long and requests go on meanwhile. Returns how
     * many went. (The newest-1,000 rule is kept at each arrival.)
     */
    async prune(options: { batch?: number; stopped?: () => boolean } = {}): Promise<number> {
      const cutoff = new Date(deps.clock.now().getTime() - NOTIFICATIONS_KEEP_DAYS * DAY_MS).toISOString();
      const batch = options.batch ?? PRUNE_BATCH;
      let total = 0;
      for (;;) {
        if (options.stopped?.()) return total;
        const byUser = await store.olderThan(cutoff, batch);
        let count = 0;
        for (const [userId, ids] of byUser) {
          const removed = await store.remove(userId, ids);
          count += removed.length;
          if (removed.length > 0) await tellChanged(userId, { removed });
        }
        total += count;
        if (count < batch) return total;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
/** What other modules are handed: raising and undoing, nothing of the member's own calls. */
export type Notifier = Pick<NotificationService, 'notify' | 'withdraw' | 'forgetBetween' | 'forgetTarget'>;

/**
 * Runs `prune` every `intervalMs` (first soon after start), never two at once; `stop` waits for a
 * running one to end, so a closing app does not pull the database from under it.
 */
export function startPruning(
  notifications: Pick<NotificationService, 'prune'>,
  log: FastifyBaseLogger,
  intervalMs = 60 * 60 * 1000,
  /** Told of each run (the metrics' background jobs). */
  onRun?: (result: 'ok' | 'failed', seconds: number) => void,
) {
  let stopped = false;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running || stopped) return;
    const started = performance.now();
    const ran = (result: 'ok' | 'failed') => onRun?.(result, (performance.now() - started) / 1000);
    running = notifications
      .prune({ stopped: () => stopped })
      .then(
        (count) => {
          ran('ok');
          if (count > 0) log.info(`notifications: pruned ${count} entries older than ${NOTIFICATIONS_KEEP_DAYS} days`);
        },
        (error: unknown) => {
          ran('failed');
          log.warn({ err: error }, 'notifications: pruning failed');
        },
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, Math.min(intervalMs, 60_000));
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
