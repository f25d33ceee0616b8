import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  OperationNode,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

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
}

export function createVisibilityEpoch(): VisibilityEpoch {
  let epoch = 0;
  return { current: () => epoch, bump: () => void epoch++ };
}

const WATCHED = new Set(['posts', 'follows', 'blocks', 'groups', 'group_members']);
/** posts columns read by canSeePost or the list filters; other posts updates (counters) do not count. */
const POST_COLUMNS = new Set(['id', 'user_id', 'kind', 'privacy', 'hidden', 'group_id', 'group_status', 'image_id', 'video_id', 'created_at']);

type Node = OperationNode & Record<string, unknown>;

/** Every table named anywhere in the node (the written table, subqueries, joins). */
function tablesOf(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) tablesOf(item, into);
  else if (node && typeof node === 'object') {
    const n = node as Node;
    if (n.kind === 'TableNode') {
      const name = (n.table as { identifier?: { name?: string } } | undefined)?.identifier?.name;
      if (name) into.add(name);
    }
    for (const value of Object.values(n)) if (value && typeof value === 'object') tablesOf(value, into);
  }
  return into;
}

const RAW_WRITE = /^\s*(insert|update|delete|replace|merge|with|truncate|drop|alter)\b/i;
const RAW_TABLES = /\b(posts|follows|blocks|groups|group_members|users)\b/i;

/** May this statement change what canSeePost answers for someone? (When unsure: yes.) */
export function touchesVisibility(compiled: CompiledQuery): boolean {
  const node = compiled.query as Node;
  switch (node.kind) {
    case 'SelectQueryNode':
      return node.with ? RAW_WRITE.test(compiled.sql) || /\b(insert|update|delete)\b/i.test(compiled.sql) : false;
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

/** The dialect, with every statement run through it checked by touchesVisibility. */
export function watchVisibility(dialect: Dialect, epoch: VisibilityEpoch): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db: Kysely<any>) => dialect.createIntrospector(db),
    createDriver: () => new WatchingDriver(dialect.createDriver(), epoch),
  };
}

class WatchingConnection implements DatabaseConnection {
  /** Set when this connection wrote something visible inside the open transaction. */
  dirty = false;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly epoch: VisibilityEpoch,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (!touchesVisibility(compiled)) return this.inner.executeQuery<R>(compiled);
    this.dirty = true;
    this.epoch.bump();
    try {
      return await this.inner.executeQuery<R>(compiled);
    } finally {
      this.epoch.bump();
    }
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class WatchingDriver implements Driver {
  readonly #connections = new WeakMap<DatabaseConnection, WatchingConnection>();
  constructor(
    private readonly inner: Driver,
    private readonly epoch: VisibilityEpoch,
  ) {}

  #unwrap = (connection: DatabaseConnection) => (connection as WatchingConnection).inner;

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    let wrapped = this.#connections.get(inner);
    if (!wrapped) {
      wrapped = new WatchingConnection(inner, this.epoch);
      this.#connections.set(inner, wrapped);
    }
    return wrapped;
  }

  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(this.#unwrap(connection));

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    (connection as WatchingConnection).dirty = false;
    return this.inner.beginTransaction(this.#unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.#ending(connection, () => this.inner.commitTransaction(this.#unwrap(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.#ending(connection, () => this.inner.rollbackTransaction(this.#unwrap(connection)));
  }

  async #ending(connection: DatabaseConnection, end: () => Promise<void>) {
    const wrapped = connection as WatchingConnection;
    try {
      await end();
    } finally {
      if (wrapped.dirty) this.epoch.bump();
      wrapped.dirty = false;
    }
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint!(this.#unwrap(connection), name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint!(this.#unwrap(connection), name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint!(this.#unwrap(connection), name, compile);
  }
}
