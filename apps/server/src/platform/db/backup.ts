import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { createPrivateDirectory, createPrivateFile } from '../private-files.ts';

export class BackupError extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
  milliseconds: number;
}

/**
 * better-sqlite3 copies 100 pages per step and lets the database change in between (the copy then restarts).
 * One step over every page reads a single snapshot instead: under WAL a reader never blocks the running
 * server's writes, so the copy is consistent without pausing anyone.
 */
const ALL_REMAINING_PAGES = 0x7fffffff;

/** DATA_DIR/backups/hiwar-2026-03-01T10-00-00-000Z.sqlite (no colons, which some file systems refuse). */
export function timestampedBackupFile(dataDir: string, now = new Date()): string {
  return join(dataDir, 'backups', `hiwar-${now.toISOString().replace(/[:.]/g, '-')}.sqlite`);
}

function checkCopy(file: string): void {
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    const verdict = copy.pragma('quick_check', { simple: true });
    if (verdict !== 'ok') throw new BackupError(`the copy failed its check: ${String(verdict)}`);
  } finally {
    copy.close();
  }
}

/**
 * Writes a consistent copy of a SQLite database that a server may be using, with SQLite's online backup. The
 * copy is written beside the destination, checked (`quick_check`), then renamed into place, so the destination
 * never holds half a backup; it is 0600 like the database.
 */
export async function backUpSqliteDatabase(sourceFile: string, destination: string): Promise<BackupResult> {
  if (!existsSync(sourceFile)) throw new BackupError(`no database at ${sourceFile}`);
  const started = Date.now();
  createPrivateDirectory(dirname(destination));
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  createPrivateFile(partial);
  const source = new SQLite(sourceFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    const progress = await source.backup(partial, { progress: () => ALL_REMAINING_PAGES });
    checkCopy(partial);
    renameSync(partial, destination);
    return {
      file: destination,
      bytes: statSync(destination).size,
      pages: progress.totalPages,
      milliseconds: Date.now() - started,
    };
  } finally {
    source.close();
    rmSync(partial, { force: true });
  }
}
