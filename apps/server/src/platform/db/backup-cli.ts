// `npm run backup [-- FILE]`: a consistent copy of the embedded SQLite database, taken while the server runs, to
// FILE or to DATA_DIR/backups/hiwar-<time>.sqlite. Restoring and PostgreSQL backups: see README.md.
import { resolve } from 'node:path';
import { dataDirOf } from '../config.ts';
import { BackupError, backUpSqliteDatabase, timestampedBackupFile } from './backup.ts';
import { embeddedDatabaseFile } from './open-configured.ts';

async function main(): Promise<void> {
  if (process.env.DATABASE_URL?.trim()) {
    throw new BackupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc (see "Backups" in README.md)',
    );
  }
  const dataDir = dataDirOf();
  const requested = process.argv[2]?.trim();
  const destination = requested ? resolve(requested) : timestampedBackupFile(dataDir);
  const result = await backUpSqliteDatabase(embeddedDatabaseFile(dataDir), destination);
  const size = `${(result.bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(`Backed up to ${result.file} (${size}, ${result.pages} pages, ${result.milliseconds} ms)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? `backup: ${error.message}` : error);
  process.exit(1);
});
