import { augment, detectLanguage, type Lang } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findOwnCommand } from '../commands/command-repository.ts';
import { listVariablesOfCommands, variableOf } from '../variables/variable-repository.ts';
import { isNluLang } from './reconcile-model.ts';

export interface AugmentInput {
  value: string;
  maxSamples: number;
  levMinRatio: number;
  commandId?: number | null;
  /** phrasings may carry a typing mistake */
  typos?: boolean;
}

/**
 * A list variable's keyword with its synonyms are words the augmenter may swap; so are its values, which the
 * sender may name instead of one another ("large" for "medium").
 */
async function synonymGroupsOf(db: Database, userId: number, commandId: number): Promise<string[][]> {
  const variables = (await listVariablesOfCommands(db, [commandId]))
    .filter((row) => row.user_id === userId)
    .map(variableOf);
  const groups = variables.flatMap((variable) => [
    ...variable.var_labels.map((label) => [label.keyword, ...label.syns]),
    variable.var_val_list,
  ]);
  return groups
    .map((group) => group.filter((word) => word.trim() !== ''))
    .filter((group) => group.length > 1);
}

/**
 * POST /command_example/augment_example: fluent new phrasings of one example, in the command's language when a
 * command is named (and with its variables' synonyms), else in the language detected from the text. English
 * synonyms come from WordNet, registered with the engine when the app is built (`lexicons.ts`).
 */
export async function augmentExample(db: Database, userId: number, input: AugmentInput): Promise<string[]> {
  let lang: Lang = detectLanguage(input.value);
  let synonyms: string[][] = [];
  if (input.commandId) {
    const command = await findOwnCommand(db, userId, input.commandId);
    if (!command) throw new AppError('not_found');
    if (isNluLang(command.command_lang)) lang = command.command_lang;
    synonyms = await synonymGroupsOf(db, userId, input.commandId);
  }
  return augment(input.value, {
    lang,
    maxSamples: input.maxSamples,
    levMinRatio: input.levMinRatio,
    synonyms,
    typos: input.typos ?? false,
  });
}
