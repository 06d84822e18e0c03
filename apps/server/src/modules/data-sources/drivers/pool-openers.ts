import type { DataSourceDriverName } from '@hiwar/contracts';
import { openMssqlPool } from './mssql-pool.ts';
import { openMysqlPool } from './mysql-pool.ts';
import type { OpenPool } from './owner-database.ts';
import { openPostgresPool } from './postgres-pool.ts';

/** The drivers that connect; Oracle and SQLite are listed by the contract but refused before they get here. */
export const poolOpeners: Partial<Record<DataSourceDriverName, OpenPool>> = {
  MS_SQL_SERVER: openMssqlPool,
  MYSQL: openMysqlPool,
  POSTGRE_SQL: openPostgresPool,
};
