import type pg from 'pg';
import { bindParameters, withoutTrailingSemicolons } from '../bind-parameters.ts';
import type { OwnerRow, OwnerRowsQuery } from './owner-database.ts';

/**
 * A read-only transaction with its own statement timeout; the statement becomes a cursor so PostgreSQL computes
 * only the rows fetched (`FETCH limit`). The transaction is always rolled back.
 */
export async function readPostgresRows(pool: pg.Pool, query: OwnerRowsQuery): Promise<OwnerRow[]> {
  const { text, params } = bindParameters(withoutTrailingSemicolons(query.sql), query.values, 'dollar');
  const client = await pool.connect();
  let isBroken = false;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query("SELECT set_config('statement_timeout', $1, true)", [String(query.timeoutMs)]);
    await client.query(`DECLARE hiwar_rows NO SCROLL CURSOR FOR ${text}`, params);
    const { rows } = await client.query<OwnerRow>(`FETCH ${Math.floor(query.limit)} FROM hiwar_rows`);
    return rows;
  } catch (error) {
    isBroken = !(error instanceof Error && 'code' in error);
    throw error;
  } finally {
    await client.query('ROLLBACK').catch(() => {
      isBroken = true;
    });
    // a connection that failed below SQL (socket, client timeout) is not given back to the pool
    client.release(isBroken);
  }
}
