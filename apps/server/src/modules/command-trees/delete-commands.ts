import type { Database } from '../../platform/db/database.ts';
import { deleteCommandRows } from '../commands/command-repository.ts';
import { deleteExamplesOfCommands } from '../examples/example-repository.ts';
import { deleteVariablesOfCommands } from '../variables/variable-repository.ts';

/**
 * Deletes commands with their examples and variables. Run inside the caller's transaction; tables of later
 * modules (responses) follow through their foreign keys' ON DELETE CASCADE.
 */
export async function deleteCommandsWithContent(db: Database, commandIds: number[]): Promise<void> {
  await deleteExamplesOfCommands(db, commandIds);
  await deleteVariablesOfCommands(db, commandIds);
  await deleteCommandRows(db, commandIds);
}
