import type { CompiledQuery } from 'kysely';
import { createSharedVersion, type SharedVersion } from './sharedVersion';
import { RAW_WRITE, tablesOf, writesInWith, type Node, type WriteWatch } from './writeWatch';

/**
 * A version of the posts every process keeps for "For you" (modules/posts/sharedCandidates.ts):
 * it moves on every write that may take a kept post out of some reader's sight or change what the
 * ranking reads of it (its privacy, hidden flag, group, topics, time or author; a post or member
 * deleted; an author renamed). A new post does not move it (the kept set reads what is newer than
 * its newest on every use), nor do reaction and comment counters (the kept set is read again after
 * a few seconds). Where it lives is db/sharedVersion.ts: this process (SQLite), Redis (REDIS_URL:
 * a moderator hiding a post in any process reaches every process's kept set before the hide is
 * answered), or nowhere (PostgreSQL without Redis: nothing is kept).
 */
export const createStreamVersion = (options: { alone: boolean; key: string }): SharedVersion =>
  createSharedVersion({ alone: options.alone, redisKey: `stoa-stream-version:${options.key}` });

/** posts columns a kept candidate is chosen or ranked by; counters, texts and times of edits are not. */
const POST_COLUMNS = new Set(['id', 'user_id', 'kind', 'privacy', 'hidden', 'group_id', 'group_status', 'created_at', 'topics']);
const RAW_TABLES = /\b(posts|users)\b/i;

const updatedColumns = (node: Node) =>
  ((node.updates ?? []) as { column?: { kind?: string; column?: { name?: string } } }[]).map((update) =>
    update.column?.kind === 'ColumnNode' ? update.column.column?.name : undefined,
  );

/** May this statement change a kept candidate or its author's name? (When unsure: yes.) */
export function touchesKeptPosts(compiled: CompiledQuery): boolean {
  const node = compiled.query as Node;
  switch (node.kind) {
    case 'SelectQueryNode':
      return node.with ? writesInWith(compiled) && RAW_TABLES.test(compiled.sql) : false;
    case 'InsertQueryNode': {
      if (node.with) return RAW_TABLES.test(compiled.sql);
      if (!tablesOf(node.into).has('posts')) return false;
      // A plain insert only adds a post, which the next use reads; a replace or an upsert may change one.
      const onConflict = node.onConflict as { updates?: unknown[] } | undefined;
      const orAction = node.orAction as { action?: string } | undefined;
      return Boolean(node.replace || node.onDuplicateKey || onConflict?.updates?.length || orAction?.action === 'replace');
    }
    case 'UpdateQueryNode': {
      if (node.with) return RAW_TABLES.test(compiled.sql);
      const tables = tablesOf(node.table);
      const columns = updatedColumns(node);
      if (tables.has('users') && columns.some((name) => name === undefined || name === 'username')) return true;
      return tables.has('posts') && columns.some((name) => name === undefined || POST_COLUMNS.has(name));
    }
    case 'DeleteQueryNode': {
      const tables = tablesOf(node.from);
      return tables.has('posts') || tables.has('users') || Boolean(node.with && RAW_TABLES.test(compiled.sql));
    }
    default:
      // Raw SQL (and anything else): by its text.
      return RAW_WRITE.test(compiled.sql) && RAW_TABLES.test(compiled.sql);
  }
}

/** What openDatabase hands the write watcher (db/writeWatch.ts) for this version. */
export const streamVersionWatch = (version: SharedVersion): WriteWatch => ({ touches: touchesKeptPosts, bump: () => version.bump() });
