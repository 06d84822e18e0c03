import mssql from 'mssql';
import { bindParameters, withoutTrailingSemicolons } from '../bind-parameters.ts';
import type { OwnerRow, OwnerRowsQuery } from './owner-database.ts';

/**
 * SQL Server has no read-only transaction: the statement runs in one that is always rolled back. `SET ROWCOUNT`
 * stops it after `limit` rows, and the request is cancelled when it outlives the timeout.
 */
export async function readMssqlRows(pool: mssql.ConnectionPool, query: OwnerRowsQuery): Promise<OwnerRow[]> {
  const { text, params } = bindParameters(withoutTrailingSemicolons(query.sql), query.values, 'at');
  const transaction = new mssql.Transaction(pool);
  await transaction.begin();
  let timer: NodeJS.Timeout | undefined;
  try {
    const request = new mssql.Request(transaction);
    params.forEach((value, index) => {
      request.input(`p${index + 1}`, mssql.NVarChar, value);
    });
    const cancelled = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        request.cancel();
        reject(new Error(`the statement ran longer than ${query.timeoutMs} ms`));
      }, query.timeoutMs);
    });
    const batch = `SET ROWCOUNT ${Math.floor(query.limit)};\n${text};\nSET ROWCOUNT 0;`;
    const result = await Promise.race([request.query<OwnerRow>(batch), cancelled]);
    return (result.recordset ?? []).slice(0, query.limit);
  } finally {
    clearTimeout(timer);
    await transaction.rollback().catch(() => undefined);
  }
}
