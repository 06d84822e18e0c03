import { type LearnedValues, learnValues } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { CorpusExample } from './corpus-repository.ts';
import { deleteLearnedValues, findLearnedValues, saveLearnedValues } from './model-repository.ts';
import { isNluLang } from './reconcile-model.ts';

function learnFrom(examples: CorpusExample[]): LearnedValues {
  return learnValues(
    examples.map((example) => ({
      text: example.text,
      ...(isNluLang(example.lang) && { lang: example.lang }),
      vars: example.vars.map((tag) => ({ tag: tag.tag, varId: String(tag.type) })),
    })),
  );
}

/**
 * Re-learns the tagged values of each command from its corpus examples; a command with none left (deleted,
 * inactive, no active example) drops its row.
 */
export async function refreshLearnedValues(
  db: Database,
  userId: number,
  commandIds: Iterable<number>,
  corpus: CorpusExample[],
): Promise<void> {
  const byCommand = new Map<number, CorpusExample[]>();
  for (const example of corpus)
    byCommand.set(example.commandId, [...(byCommand.get(example.commandId) ?? []), example]);
  const gone: number[] = [];
  for (const commandId of new Set(commandIds)) {
    const examples = byCommand.get(commandId);
    if (examples) await saveLearnedValues(db, userId, commandId, toJson(learnFrom(examples)));
    else gone.push(commandId);
  }
  await deleteLearnedValues(db, userId, gone);
}

export async function loadLearnedValues(
  db: Database,
  userId: number,
  commandId: number,
): Promise<LearnedValues> {
  return fromJson<LearnedValues>(await findLearnedValues(db, userId, commandId), {});
}
