/**
 * The columns of a unique constraint that a failed insert or update violated, or null for any other error.
 * SQLite: "UNIQUE constraint failed: users.user_email". PostgreSQL: code 23505, "Key (user_email)=(…) already exists."
 */
export function uniqueViolationColumns(error: unknown): string[] | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, detail } = error as { code?: unknown; message?: unknown; detail?: unknown };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const list = String(message).split(':')[1] ?? '';
    return list.split(',').map((column) => column.trim().split('.').pop() ?? '');
  }
  if (code === '23505') {
    const match = /Key \(([^)]*)\)/.exec(String(detail ?? ''));
    return match?.[1] ? match[1].split(',').map((column) => column.trim()) : [];
  }
  return null;
}
