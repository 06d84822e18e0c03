import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** Tables written by one statement or one committed transaction; `*` when the statement does not say. */
export type WriteListener = (tables: readonly string[]) => void;

/** What a write reports when the statement does not say which table it writes (raw SQL, schema changes). */
export const UNKNOWN_TABLE = '*';

/**
 * Reports the writes made through one database handle once they are visible to other readers: a statement
 * outside a transaction after it ran, a transaction's writes after its commit. A process may then keep what it
 * read until a write it cares about (write-cache.ts). Other processes' writes are not seen here.
 */
export class WriteWatch {
  readonly #listeners = new Set<WriteListener>();

  subscribe(listener: WriteListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  notify(tables: readonly string[]): void {
    for (const listener of this.#listeners) listener(tables);
  }
}

function tableNameOf(node: OperationNode | undefined): string {
  if (!node) return UNKNOWN_TABLE;
  const value = node as OperationNode & {
    table?: { identifier?: { name?: string } };
    node?: OperationNode;
  };
  if (node.kind === 'TableNode') return value.table?.identifier?.name ?? UNKNOWN_TABLE;
  if (node.kind === 'AliasNode') return tableNameOf(value.node);
  return UNKNOWN_TABLE;
}

/**
 * The tables a statement writes; empty for a read. Selects (and raw SQL starting with `select`) read — a select
 * whose `with` modifies data would be missed, nothing here writes that way; inserts, updates and deletes write
 * their target table; anything else (other raw SQL, schema changes) may write anything.
 */
export function writtenTables(query: CompiledQuery): string[] {
  const node = query.query as OperationNode & {
    into?: OperationNode;
    table?: OperationNode;
    from?: { froms?: readonly OperationNode[] };
  };
  switch (node.kind) {
    case 'SelectQueryNode':
      return [];
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      return [tableNameOf(node.into)];
    case 'UpdateQueryNode':
      return [tableNameOf(node.table)];
    case 'DeleteQueryNode':
      return (node.from?.froms ?? [undefined]).map(tableNameOf);
    default:
      return /^\s*select\b/i.test(query.sql) ? [] : [UNKNOWN_TABLE];
  }
}

/** A connection that remembers what it wrote inside the transaction it is in. */
class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  pending = new Set<string>();

  readonly inner: DatabaseConnection;
  private readonly watch: WriteWatch;
  constructor(inner: DatabaseConnection, watch: WriteWatch) {
    this.inner = inner;
    this.watch = watch;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const tables = writtenTables(query);
    if (tables.length === 0) return this.inner.executeQuery<R>(query);
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      if (this.inTransaction) for (const table of tables) this.pending.add(table);
      else this.watch.notify(tables);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  /** Ends the transaction: its writes are reported when it committed. */
  settle(isCommitted: boolean): void {
    const tables = [...this.pending];
    this.inTransaction = false;
    this.pending = new Set();
    if (isCommitted && tables.length > 0) this.watch.notify(tables);
  }
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof WatchedConnection ? connection.inner : connection;
}

class WatchedDriver implements Driver {
  readonly #connections = new WeakMap<DatabaseConnection, WatchedConnection>();

  private readonly inner: Driver;
  private readonly watch: WriteWatch;
  constructor(inner: Driver, watch: WriteWatch) {
    this.inner = inner;
    this.watch = watch;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let watched = this.#connections.get(connection);
    if (!watched) {
      watched = new WatchedConnection(connection, this.watch);
      this.#connections.set(connection, watched);
    }
    return watched;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(innerOf(connection), settings);
    if (connection instanceof WatchedConnection) connection.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.inner.commitTransaction(innerOf(connection));
    if (connection instanceof WatchedConnection) connection.settle(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(innerOf(connection));
    } finally {
      if (connection instanceof WatchedConnection) connection.settle(false);
    }
  }

  // Savepoints pass through. A rollback to one leaves what was written before it pending: reporting a write that
  // was undone costs nothing.
  readonly savepoint = this.#savepointCommand('savepoint');
  readonly rollbackToSavepoint = this.#savepointCommand('rollbackToSavepoint');
  readonly releaseSavepoint = this.#savepointCommand('releaseSavepoint');

  #savepointCommand(method: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint') {
    return async (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => {
      const command = this.inner[method];
      if (!command) throw new Error(`${method} is not supported by this driver`);
      await command.call(this.inner, innerOf(connection), name, compile);
    };
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

const watches = new WeakMap<object, WriteWatch>();

/** The watch of a database handle opened by openDatabase (undefined for any other Kysely instance). */
export function writeWatchOf(db: object): WriteWatch | undefined {
  return watches.get(db);
}

export function attachWriteWatch(db: object, watch: WriteWatch): void {
  watches.set(db, watch);
}

/** The dialect with its driver wrapped so that `watch` hears of every write made through it. */
export function watchedDialect(dialect: Dialect, watch: WriteWatch): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WatchedDriver(dialect.createDriver(), watch),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
