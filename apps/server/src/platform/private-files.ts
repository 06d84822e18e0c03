import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

/** DATA_DIR and everything the server keeps there for itself are for the server's user alone. */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the directory (and missing parents) as 0700, whatever the umask. A directory that already exists is
 * left as the operator set it: the files inside are private anyway.
 */
export function createPrivateDirectory(directory: string): void {
  const firstCreated = mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  // the umask can only take bits away, but it may take the owner's too (e.g. 0277)
  if (firstCreated !== undefined) chmodSync(directory, PRIVATE_DIRECTORY_MODE);
}

/** Sets an existing file to 0600 (a file left group- or world-readable by an older version or a copy). */
export function keepFilePrivate(file: string): void {
  if (!existsSync(file)) return;
  if ((statSync(file).mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Creates the file empty as 0600 if it is missing, or tightens it to 0600. SQLite gives its -wal and -shm files
 * the mode of the database file, so creating the database this way keeps those private too.
 */
export function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  keepFilePrivate(file);
}
