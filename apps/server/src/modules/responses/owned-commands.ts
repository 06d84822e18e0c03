import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';

/*
 * Ownership checks on commands for the responses and advertises calls. They read the commands table directly:
 * the commands module's own lookups were not committed when this module was written.
 */

/** Throws not_found unless the command exists and belongs to the user. */
export async function requireOwnCommand(db: Database, userId: number, commandId: number): Promise<void> {
  const row = await db
    .selectFrom('commands')
    .select('command_id')
    .where('command_id', '=', commandId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found');
}

/** Which of these command ids belong to the user. */
export async function ownCommandIdsAmong(
  db: Database,
  userId: number,
  commandIds: number[],
): Promise<Set<number>> {
  if (commandIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('commands')
    .select('command_id')
    .where('user_id', '=', userId)
    .where('command_id', 'in', commandIds)
    .execute();
  return new Set(rows.map((row) => row.command_id));
}

export async function ownerOfCommand(db: Database, commandId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('commands')
    .select('user_id')
    .where('command_id', '=', commandId)
    .executeTakeFirst();
  return row?.user_id;
}
