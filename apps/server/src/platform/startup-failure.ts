/**
 * Why the server could not start, as one log line's fields: the cause in words for the failures an operator
 * meets (a database file it may not open or write, a full disk, PostgreSQL not answering), the error itself
 * for the rest.
 */
export function startupFailureOf(error: unknown, dataDir: string | undefined): Record<string, unknown> {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const where = dataDir ? `DATA_DIR ${dataDir}` : 'DATA_DIR';
  const explained: Record<string, string> = {
    SQLITE_CANTOPEN: `the database file in ${where} (hiwar.sqlite) cannot be opened: the server's user needs read and write permission on the directory and on hiwar.sqlite, hiwar.sqlite-wal and hiwar.sqlite-shm`,
    SQLITE_READONLY: `the database file in ${where} (hiwar.sqlite) is read-only to the server: give its user write permission on the file and the directory`,
    SQLITE_FULL: `the disk holding ${where} is full: free some space and start again`,
    ENOSPC: `the disk holding ${where} is full: free some space and start again`,
    EACCES: `permission denied: ${message ?? ''}`,
    EROFS: `a read-only file system: ${message ?? ''}`,
    ECONNREFUSED: `the database server refused the connection (is PostgreSQL running at DATABASE_URL?): ${message ?? ''}`,
  };
  const reason = code ? explained[code] : undefined;
  if (reason) return { msg: `Hiwar cannot start: ${reason}`, code };
  return {
    msg: `Hiwar cannot start: ${message ?? String(error)}`,
    err: { code, stack: (error as Error)?.stack },
  };
}
