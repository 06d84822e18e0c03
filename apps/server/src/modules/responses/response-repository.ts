import type { ResponseBody } from '@hiwar/contracts';
import type { Selectable } from 'kysely';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { toJson } from '../../platform/db/json.ts';
import type { CommandResponsesTable, ResponseTables } from './response-tables.ts';

export type ResponseRow = Selectable<CommandResponsesTable>;

function tablesOf(db: Database) {
  return db.withTables<ResponseTables>();
}

export function findResponseRow(db: Database, commandId: number): Promise<ResponseRow | undefined> {
  return tablesOf(db)
    .selectFrom('command_responses')
    .selectAll()
    .where('resp_command_id', '=', commandId)
    .executeTakeFirst();
}

/** Inserts the command's response or replaces the one it has (one per command). */
export async function upsertResponse(
  db: Database,
  owner: { userId: number; commandId: number },
  body: ResponseBody,
): Promise<void> {
  const columns = { resp_type: body.resp_type, resp_record: toJson(body) };
  await tablesOf(db)
    .insertInto('command_responses')
    .values({ ...columns, user_id: owner.userId, resp_command_id: owner.commandId })
    .onConflict((conflict) =>
      conflict.column('resp_command_id').doUpdateSet({ ...columns, updated_at: nowIso() }),
    )
    .execute();
}
