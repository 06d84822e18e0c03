import type { VariableRecord } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { findOwnCommand } from '../commands/command-repository.ts';
import { listVariablesOfCommands, variableOf } from '../variables/variable-repository.ts';

export interface RunnableCommand {
  commandId: number;
  name: string;
  /** the active variables in the order they are asked: var_order, then var_id */
  variables: VariableRecord[];
}

/** The owner's active command with its active variables; null for a foreign, missing or switched-off one. */
export async function loadRunnableCommand(
  db: Database,
  userId: number,
  commandId: number,
): Promise<RunnableCommand | null> {
  const command = await findOwnCommand(db, userId, commandId);
  if (command?.command_status !== 1) return null;
  const variables = (await listVariablesOfCommands(db, [commandId]))
    .filter((row) => row.user_id === userId && row.var_status === 1)
    .map(variableOf)
    .sort((a, b) => a.var_order - b.var_order || a.var_id - b.var_id);
  return { commandId, name: command.command_name, variables };
}
