/**
 * What every driver offers for an owner's own database. A pool is opened for one vetted address (see
 * platform/net/outbound-guard.ts) and never resolves the host name again.
 */
export interface ConnectionTarget {
  /** the address the guard vetted: the only one the driver may connect to */
  address: string;
  /** the name the owner typed: for TLS server names, never for connecting */
  host: string;
  port: number | null;
  dbname: string;
  username: string;
  password: string;
  sid: string;
}

/** A data_source response's statement: read-only, at most `limit` rows, stopped after `timeoutMs`. */
export interface OwnerRowsQuery {
  /** the owner's SQL with `{{name}}` placeholders (bind-parameters.ts turns them into bound parameters) */
  sql: string;
  values: Readonly<Record<string, string>>;
  limit: number;
  timeoutMs: number;
}

export type OwnerRow = Record<string, unknown>;

export interface OwnerDatabasePool {
  /** the database's tables (and views), schema-qualified where the schema is not the default one */
  listTables(): Promise<string[]>;
  /** At most `limit` rows of the statement, run in a transaction that is read-only where the server allows. */
  readRows(query: OwnerRowsQuery): Promise<OwnerRow[]>;
  close(): Promise<void>;
}

/** Opens a pool and proves it with one connection, so a bad password fails here and not on first use. */
export type OpenPool = (target: ConnectionTarget) => Promise<OwnerDatabasePool>;

/** How long connecting may take before the attempt fails ("did not answer in time"). */
export const CONNECT_TIMEOUT_MS = 5_000;
/** How long one statement may run; PostgreSQL and MySQL are also told to stop it on their side. */
export const QUERY_TIMEOUT_MS = 10_000;
/** Connections per data source per process: owners' databases are small servers, not Hiwar's. */
export const POOL_SIZE = 3;
