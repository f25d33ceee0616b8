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
 * A number some cache compares to know whether what it keeps may be stale, and the statements
 * that move it. Caches read the number *before* they read the database and keep their answer
 * under it; a watched write moves it before and after its statement runs and again when its
 * transaction ends. So an answer read from a snapshot older than the write (PostgreSQL: the write
 * not yet committed) is always kept under a number that is already gone.
 */
export interface WriteWatch {
  /** May this statement change what the cache keeps? When unsure: yes. */
  touches(compiled: CompiledQuery): boolean;
  /** Moves the number. Awaited: the statement (or the commit) only answers once it has moved. */
  bump(): void | Promise<void>;
}

export type Node = OperationNode & Record<string, unknown>;

/** Every table named anywhere in the node (the written table, subqueries, joins). */
export function tablesOf(node: unknown, into = new Set<string>()): Set<string> {
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

/** Raw SQL that may write (its text is all there is to judge by). */
export const RAW_WRITE = /^\s*(insert|update|delete|replace|merge|with|truncate|drop|alter)\b/i;

/** A `with` query can hide a write in one of its parts: judged by its text. */
export const writesInWith = (compiled: CompiledQuery) => RAW_WRITE.test(compiled.sql) || /\b(insert|update|delete)\b/i.test(compiled.sql);

/**
 * Told of each statement Kysely's executor runs once it ends, while `listening()` (the metrics).
 * In place of Kysely's `log` option, which wraps every statement in a timing function of its own
 * (an async frame, its promises and an event object) whether anyone listens or not.
 */
export interface StatementObserver {
  listening(): boolean;
  ended(compiled: CompiledQuery, ms: number, failed: boolean): void;
}

/** The dialect, with every statement run through it checked against each watch (and observed, while someone listens). */
export function watchWrites(dialect: Dialect, watches: readonly WriteWatch[], observer?: StatementObserver): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    // Kysely's own Dialect interface types it so.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    createIntrospector: (db: Kysely<any>) => dialect.createIntrospector(db),
    createDriver: () => new WatchingDriver(dialect.createDriver(), watches, observer),
  };
}

async function bumpAll(watches: Iterable<WriteWatch>): Promise<void> {
  for (const watch of watches) await watch.bump();
}

class WatchingConnection implements DatabaseConnection {
  /** The watches this connection's open transaction wrote for: bumped again when it ends. */
  readonly dirty = new Set<WriteWatch>();
  constructor(
    readonly inner: DatabaseConnection,
    private readonly watches: readonly WriteWatch[],
    private readonly observer: StatementObserver | undefined,
  ) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.observer?.listening() ? this.#observed<R>(compiled, this.observer) : this.#watched<R>(compiled);
  }

  async #observed<R>(compiled: CompiledQuery, observer: StatementObserver): Promise<QueryResult<R>> {
    const started = performance.now();
    let failed = false;
    try {
      return await this.#watched<R>(compiled);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      observer.ended(compiled, performance.now() - started, failed);
    }
  }

  async #watched<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    let touched: WriteWatch[] | undefined;
    for (const watch of this.watches) if (watch.touches(compiled)) (touched ??= []).push(watch);
    if (!touched) return this.inner.executeQuery<R>(compiled);
    for (const watch of touched) this.dirty.add(watch);
    await bumpAll(touched);
    try {
      return await this.inner.executeQuery<R>(compiled);
    } finally {
      await bumpAll(touched);
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
    private readonly watches: readonly WriteWatch[],
    private readonly observer: StatementObserver | undefined,
  ) {}

  #unwrap = (connection: DatabaseConnection) => (connection as WatchingConnection).inner;

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    let wrapped = this.#connections.get(inner);
    if (!wrapped) {
      wrapped = new WatchingConnection(inner, this.watches, this.observer);
      this.#connections.set(inner, wrapped);
    }
    return wrapped;
  }

  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(this.#unwrap(connection));

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    (connection as WatchingConnection).dirty.clear();
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
      const dirty = [...wrapped.dirty];
      wrapped.dirty.clear();
      await bumpAll(dirty);
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
