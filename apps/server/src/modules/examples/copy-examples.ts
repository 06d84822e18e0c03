import type { Database } from '../../platform/db/database.ts';
import { insertExampleRows, listExamplesOfCommands } from './example-repository.ts';

/**
 * Copies the examples of the mapped commands onto their copies, pointing each tag at the copied variable (a tag
 * whose variable was not copied is dropped). Run inside the caller's transaction.
 */
export async function copyExamples(
  db: Database,
  target: { userId: number; commandIdMap: Map<number, number>; variableIdMap: Map<number, number> },
): Promise<void> {
  const sources = await listExamplesOfCommands(db, [...target.commandIdMap.keys()]);
  const copies = sources.flatMap((source) => {
    const commandId = target.commandIdMap.get(source.example_command_id);
    if (commandId === undefined) return [];
    const exampleVars = source.example_vars.flatMap((tag) => {
      const type = target.variableIdMap.get(tag.type);
      return type === undefined ? [] : [{ tag: tag.tag, type }];
    });
    return [
      {
        userId: target.userId,
        commandId,
        example_text: source.example_text,
        example_lang: source.example_lang,
        example_vars: exampleVars,
        example_status: source.example_status,
      },
    ];
  });
  await insertExampleRows(db, copies);
}
