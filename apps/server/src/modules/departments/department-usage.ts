import { normalizeResponseBody } from '@hiwar/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/json.ts';
import { departmentIdsIn } from '../responses/response-references.ts';
import type { ResponseTables } from '../responses/response-tables.ts';

/**
 * The owner's responses whose cs_connect action hands over to the department, as the refusal to delete it names
 * them (the response of command "order"). Only the owner's own: a save refuses another owner's department id
 * (response-references.ts) and a clone drops it.
 */
export async function findDepartmentUsers(
  db: Database,
  userId: number,
  departmentId: number,
): Promise<string[]> {
  // the text match narrows the rows to those with a cs_connect action, the parsed record decides
  const candidates = await db
    .withTables<ResponseTables>()
    .selectFrom('command_responses')
    .innerJoin('commands', 'commands.command_id', 'command_responses.resp_command_id')
    .select(['command_responses.resp_record', 'commands.command_name'])
    .where('command_responses.user_id', '=', userId)
    .where(sql`cast(command_responses.resp_record as text)`, 'like', '%cs_connect%')
    .orderBy('command_responses.resp_id')
    .execute();
  return candidates
    .filter((row) =>
      departmentIdsIn(normalizeResponseBody(fromJson<unknown>(row.resp_record, {}))).includes(departmentId),
    )
    .map((row) => `the response of command "${row.command_name}"`);
}
