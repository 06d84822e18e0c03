import { normalizeResponseBody } from '@hiwar/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/json.ts';
import { datasetIdsIn } from '../responses/response-references.ts';
import type { ResponseTables } from '../responses/response-tables.ts';
import type { VariableTables } from '../variables/variable-tables.ts';

/**
 * Who uses a dataset, as the refusal to delete it names them: the owner's variables and responses by name
 * (variable "city" of command "order"); another owner's (a public dataset may be read by anyone) only counted,
 * since their names are not the owner's to see.
 */
export async function findDatasetUsers(db: Database, userId: number, dsId: number): Promise<string[]> {
  const tables = db.withTables<VariableTables & ResponseTables>();
  const variables = await tables
    .selectFrom('command_vars')
    .innerJoin('commands', 'commands.command_id', 'command_vars.var_command_id')
    .select(['command_vars.user_id', 'command_vars.var_name', 'commands.command_name'])
    .where('command_vars.var_type_ds_id', '=', dsId)
    .orderBy('command_vars.var_id')
    .execute();
  // a response holds its dataset ids inside its JSON record: the text match narrows the rows, the parsed
  // record decides
  const candidates = await tables
    .selectFrom('command_responses')
    .innerJoin('commands', 'commands.command_id', 'command_responses.resp_command_id')
    .select(['command_responses.user_id', 'command_responses.resp_record', 'commands.command_name'])
    .where(sql`cast(command_responses.resp_record as text)`, 'like', `%${dsId}%`)
    .orderBy('command_responses.resp_id')
    .execute();
  const responses = candidates.filter((row) =>
    datasetIdsIn(normalizeResponseBody(fromJson<unknown>(row.resp_record, {}))).includes(dsId),
  );
  const others = [...variables, ...responses].filter((row) => row.user_id !== userId).length;
  return [
    ...variables
      .filter((row) => row.user_id === userId)
      .map((row) => `variable "${row.var_name}" of command "${row.command_name}"`),
    ...responses
      .filter((row) => row.user_id === userId)
      .map((row) => `the response of command "${row.command_name}"`),
    ...(others > 0 ? [`${others} variable(s) or response(s) of other owners`] : []),
  ];
}
