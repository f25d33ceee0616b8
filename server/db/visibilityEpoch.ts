import type { CompiledQuery } from 'kysely';
import { RAW_WRITE, tablesOf, writesInWith, type Node, type WriteWatch } from './writeWatch';

/**
 * A number that changes whenever a write may have changed which posts some member may see (the
 * inputs of canSeePost and of the list filters): a write to posts' visibility or filter columns,
 * to follows, blocks, groups or group_members, or a deletion of users (its cascades). Caches of
 * per-viewer answers (the post totals, posts/totals.ts) keep the epoch they were computed at and
 * are stale as soon as it moves. Counter updates (reactions_*, comments) do not move it.
 *
 * It moves before and after such a statement runs and again when its transaction ends, so a
 * reader that started from an older snapshot (PostgreSQL: a write not yet committed) can only
 * store its answer under an epoch that is already gone. It is per process: another server process
 * on the same PostgreSQL database does not see it (the caches' TTL bounds that).
 */
export interface VisibilityEpoch {
  current(): number;
  bump(): void;
  /**
   * Moves only with the visibility writes that may take a post out of someone's sight (everything
   * but a new post or a new follow): an answer that only more posts could change (a total already
   * past its bound) stays good while this stands.
   */
  narrowing(): number;
  bumpNarrowing(): void;
}

export function createVisibilityEpoch(): VisibilityEpoch {
  let epoch = 0;
  let narrowing = 0;
  return { current: () => epoch, bump: () => void epoch++, narrowing: () => narrowing, bumpNarrowing: () => void narrowing++ };
}

// post_topics: which posts a topic's page lists (0021_post_topics).
const WATCHED = new Set(['posts', 'post_topics', 'follows', 'blocks', 'groups', 'group_members']);
/** posts columns read by canSeePost or the list filters; other posts updates (counters) do not count. */
const POST_COLUMNS = new Set([
  'id',
  'user_id',
  'kind',
  'privacy',
  'hidden',
  'group_id',
  'group_status',
  'image_id',
  'video_id',
  'created_at',
]);

const RAW_TABLES = /\b(posts|follows|blocks|groups|group_members|users)\b/i;

/** May this statement change what canSeePost answers for someone? (When unsure: yes.) */
export function touchesVisibility(compiled: CompiledQuery): boolean {
  const node = compiled.query as Node;
  switch (node.kind) {
    case 'SelectQueryNode':
      return node.with ? writesInWith(compiled) : false;
    case 'InsertQueryNode':
    case 'DeleteQueryNode': {
      const tables = tablesOf(node);
      if (node.kind === 'DeleteQueryNode' && tables.has('users')) return true;
      return [...tables].some((table) => WATCHED.has(table));
    }
    case 'UpdateQueryNode': {
      const tables = tablesOf(node);
      if ([...tables].some((table) => table !== 'posts' && WATCHED.has(table))) return true;
      if (!tables.has('posts')) return false;
      const updates = (node.updates ?? []) as { column?: { kind?: string; column?: { name?: string } } }[];
      return updates.some((update) => {
        const name = update.column?.kind === 'ColumnNode' ? update.column.column?.name : undefined;
        return name === undefined || POST_COLUMNS.has(name);
      });
    }
    default:
      // Raw SQL (and anything else): by its text.
      return RAW_WRITE.test(compiled.sql) && RAW_TABLES.test(compiled.sql);
  }
}

/** Rows these tables gain only ever add to what members may see: a post, a post's topic, a follow. */
const WIDENING_INSERTS = new Set(['posts', 'post_topics', 'follows']);

/**
 * Can this statement only add to what members may see? A plain insert of posts or follows (no
 * replace, no update on conflict). Anything else that touches visibility may also take away.
 */
export function onlyWidens(compiled: CompiledQuery): boolean {
  const node = compiled.query as Node;
  if (node.kind !== 'InsertQueryNode' || node.replace) return false;
  if ((node.onConflict as { updates?: unknown[] } | undefined)?.updates?.length) return false;
  const into = (node.into as { table?: { identifier?: { name?: string } } } | undefined)?.table?.identifier?.name;
  return into !== undefined && WIDENING_INSERTS.has(into);
}

/** What openDatabase hands the write watcher (db/writeWatch.ts) for this epoch: any visibility write, and those that may narrow. */
export const visibilityWatches = (epoch: VisibilityEpoch): WriteWatch[] => [
  { touches: touchesVisibility, bump: epoch.bump },
  { touches: (compiled) => touchesVisibility(compiled) && !onlyWidens(compiled), bump: epoch.bumpNarrowing },
];
