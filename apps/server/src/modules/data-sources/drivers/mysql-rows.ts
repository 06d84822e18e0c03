import type { Pool, PoolConnection, RowDataPacket } from 'mysql2/promise';
import { bindParameters, withoutTrailingSemicolons } from '../bind-parameters.ts';
import type { OwnerRow, OwnerRowsQuery } from './owner-database.ts';

/** How long past the server's own limit the client waits before it kills the statement itself. */
const KILL_GRACE_MS = 1_000;

const kinds = new WeakMap<Pool, Promise<'mariadb' | 'mysql'>>();

/** MariaDB names its statement limit max_statement_time (seconds), MySQL max_execution_time (ms, SELECT only). */
function serverKindOf(pool: Pool): Promise<'mariadb' | 'mysql'> {
  let kind = kinds.get(pool);
  if (!kind) {
    kind = pool
      .query<RowDataPacket[]>('SELECT VERSION() AS version')
      .then(([rows]) => (/mariadb/i.test(String(rows[0]?.version)) ? 'mariadb' : 'mysql'));
    kind.catch(() => kinds.delete(pool));
    kinds.set(pool, kind);
  }
  return kind;
}

function sessionLimits(kind: 'mariadb' | 'mysql', query: OwnerRowsQuery): string {
  const rows = `sql_select_limit = ${Math.floor(query.limit)}`;
  return kind === 'mariadb'
    ? `SET SESSION ${rows}, max_statement_time = ${query.timeoutMs / 1000}`
    : `SET SESSION ${rows}, max_execution_time = ${Math.floor(query.timeoutMs)}`;
}

/** The statement, killed on the server (KILL QUERY) when it outlives the server's own limit. */
async function executeWithin(
  pool: Pool,
  connection: PoolConnection,
  statement: { text: string; params: (string | null)[] },
  timeoutMs: number,
): Promise<OwnerRow[]> {
  let timer: NodeJS.Timeout | undefined;
  const killed = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      pool.query(`KILL QUERY ${Number(connection.threadId)}`).catch(() => undefined);
      reject(new Error(`the statement ran longer than ${timeoutMs} ms`));
    }, timeoutMs + KILL_GRACE_MS);
  });
  try {
    // execute(): a server-side prepared statement, the values travel apart from the SQL
    const started = Date.now();
    const [rows] = await Promise.race([
      connection.execute<RowDataPacket[]>(statement.text, statement.params),
      killed,
    ]);
    // MySQL's max_execution_time ends SLEEP() with a result instead of an error
    if (Date.now() - started >= timeoutMs) throw new Error(`the statement ran longer than ${timeoutMs} ms`);
    return Array.isArray(rows) ? (rows as OwnerRow[]) : [];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `sql_select_limit` caps the rows the server sends (an explicit LIMIT in the owner's SQL takes precedence, so
 * the rows are cut here too), the session's statement limit stops a slow one, and `START TRANSACTION READ ONLY`
 * refuses writes. The session is put back as it was before the connection returns to the pool.
 */
export async function readMysqlRows(pool: Pool, query: OwnerRowsQuery): Promise<OwnerRow[]> {
  const statement = bindParameters(withoutTrailingSemicolons(query.sql), query.values, 'question');
  const kind = await serverKindOf(pool);
  const connection = await pool.getConnection();
  let isBroken = false;
  try {
    await connection.query(sessionLimits(kind, query));
    await connection.query('START TRANSACTION READ ONLY');
    const rows = await executeWithin(pool, connection, statement, query.timeoutMs);
    return rows.slice(0, query.limit);
  } catch (error) {
    // an error of the server's leaves a usable session; a client-side timeout or a socket error does not
    isBroken = !(error instanceof Error && 'errno' in error);
    throw error;
  } finally {
    if (isBroken) connection.destroy();
    else await settle(connection, kind);
  }
}

/** Ends the transaction and restores the session's limits; a connection that cannot is closed instead. */
async function settle(connection: PoolConnection, kind: 'mariadb' | 'mysql'): Promise<void> {
  try {
    await connection.query('ROLLBACK');
    const limit = kind === 'mariadb' ? 'max_statement_time' : 'max_execution_time';
    await connection.query(`SET SESSION sql_select_limit = DEFAULT, ${limit} = DEFAULT`);
    connection.release();
  } catch {
    connection.destroy();
  }
}
