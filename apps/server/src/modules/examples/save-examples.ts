import {
  type CommandRecord,
  type ExampleRecord,
  exampleMessages,
  type ParsedExample,
} from '@hiwar/contracts';
import { exampleLanguage, type Lang } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { requireOwnCommand } from '../commands/command-actions.ts';
import { filterVariablesOfCommand } from '../variables/variable-repository.ts';
import { findOwnExample, insertExample, listOwnerLanguages, updateExample } from './example-repository.ts';

/** Every tag must name a variable of the example's own command (the tag text was checked by the contract). */
async function checkTaggedVariables(db: Database, commandId: number, example: ParsedExample, at: string) {
  const varIds = example.example_vars.map((tag) => tag.type);
  const known = await filterVariablesOfCommand(db, commandId, varIds);
  const unknownIndex = varIds.findIndex((varId) => !known.has(varId));
  if (unknownIndex >= 0) {
    const field = `${at}example_vars.${unknownIndex}.type`;
    throw new AppError('validation', exampleMessages.variableUnknown, {
      [field]: [exampleMessages.variableUnknown],
    });
  }
}

/** The owner's languages, read once for a request however many examples it saves. */
type OwnerLanguages = () => Promise<Lang[]>;

function ownerLanguagesOnce(db: Database, userId: number): OwnerLanguages {
  let read: Promise<Lang[]> | null = null;
  return () => {
    read ??= listOwnerLanguages(db, userId).then((langs) => langs as Lang[]);
    return read;
  };
}

/**
 * The example's language: the one the request names, else the one its text is written in (Arabic script, or
 * English or German among the owner's languages), else its command's (spec part 1 §3).
 */
async function languageOf(example: ParsedExample, command: CommandRecord, langs: OwnerLanguages) {
  if (example.example_lang) return example.example_lang;
  return exampleLanguage(example.example_text, command.command_lang as Lang, await langs());
}

async function saveExampleOf(
  db: Database,
  command: CommandRecord,
  example: ParsedExample,
  at: string,
  langs: OwnerLanguages,
): Promise<ExampleRecord> {
  if (example._id != null) {
    const existing = await findOwnExample(db, command.user_id, example._id);
    if (!existing || existing.example_command_id !== command.command_id) throw new AppError('not_found');
  }
  await checkTaggedVariables(db, command.command_id, example, at);
  const fields = {
    example_text: example.example_text,
    example_lang: await languageOf(example, command, langs),
    example_vars: example.example_vars,
    example_status: example.example_status,
  };
  if (example._id != null) return updateExample(db, example._id, fields);
  return insertExample(db, { userId: command.user_id, commandId: command.command_id }, fields);
}

/** POST /command_example/save_example: creates or updates one example of the owner's command. */
export async function saveExample(
  db: Database,
  userId: number,
  example: ParsedExample,
): Promise<ExampleRecord> {
  const command = await requireOwnCommand(db, userId, example.example_command_id ?? 0);
  return saveExampleOf(db, command, example, '', ownerLanguagesOnce(db, userId));
}

export interface ExampleOfCommand {
  commandId: number;
  example: ParsedExample;
}

/** Saves many examples (each for one of the owner's commands) in one transaction: all or none. */
export async function saveExamples(
  db: Database,
  userId: number,
  items: ExampleOfCommand[],
): Promise<ExampleRecord[]> {
  return db.transaction().execute(async (trx) => {
    const commands = new Map<number, CommandRecord>();
    const langs = ownerLanguagesOnce(trx, userId);
    const saved: ExampleRecord[] = [];
    for (const [index, item] of items.entries()) {
      const command = commands.get(item.commandId) ?? (await requireOwnCommand(trx, userId, item.commandId));
      commands.set(command.command_id, command);
      saved.push(await saveExampleOf(trx, command, item.example, `examples.${index}.`, langs));
    }
    return saved;
  });
}
