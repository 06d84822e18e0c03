import { join } from 'node:path';
import type { Config } from '../config.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';

/** The embedded database's file in DATA_DIR (its -wal and -shm files lie beside it). */
export function embeddedDatabaseFile(dataDir: string): string {
  return join(dataDir, 'hiwar.sqlite');
}

/** PostgreSQL when DATABASE_URL is set, else the SQLite file DATA_DIR/hiwar.sqlite. */
export function openConfiguredDatabase(config: Config): DatabaseHandle {
  return config.databaseUrl
    ? openDatabase({ dialect: 'postgres', url: config.databaseUrl })
    : openDatabase({ dialect: 'sqlite', file: embeddedDatabaseFile(config.dataDir) });
}
