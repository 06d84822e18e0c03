import type { Database } from '../../platform/db/database.ts';
import { type CommandRow, insertCommand } from '../commands/command-repository.ts';
import { copyExamples } from '../examples/copy-examples.ts';
import { copyResponses } from '../responses/copy-response.ts';
import { copyVariables } from '../variables/copy-variables.ts';

export interface CommandsCopy {
  userId: number;
  targetServiceId: number;
  sources: CommandRow[];
  /** the name of each copy; the source's name by default */
  nameOf?: (source: CommandRow) => string;
}

/**
 * Copies commands into a service with their variables (references remapped to the copies), examples (tags
 * remapped) and responses with advertises (remapped by the responses module). Answers source command id →
 * copied command id. Run inside the caller's transaction.
 */
export async function copyCommands(db: Database, copy: CommandsCopy): Promise<Map<number, number>> {
  const commandIdMap = new Map<number, number>();
  for (const source of copy.sources) {
    const copiedId = await insertCommand(db, {
      userId: copy.userId,
      serviceId: copy.targetServiceId,
      name: copy.nameOf ? copy.nameOf(source) : source.command_name,
      description: source.command_description,
      lang: source.command_lang,
      status: source.command_status,
    });
    commandIdMap.set(source.command_id, copiedId);
  }
  const variableIdMap = await copyVariables(db, { userId: copy.userId, commandIdMap });
  await copyExamples(db, { userId: copy.userId, commandIdMap, variableIdMap });
  await copyResponses(db, { userId: copy.userId, commandIdMap, variableIdMap });
  return commandIdMap;
}
