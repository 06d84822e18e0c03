import { type CommandRecord, type ParsedExample, saveExampleRequest } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { extractCommandVariables } from '../nlu/command-variables.ts';
import { NLU_LANGS, type NluLang } from '../nlu/index.ts';

/**
 * A sender's message as an example of the owner's command — the inbox's "add as example" and the transcript's
 * "Wrong command?" — in the message's own language (the command's when the message had none), with the command's
 * variables it contains tagged as the runtime would extract them.
 */
export async function exampleRequestOf(
  db: Database,
  userId: number,
  command: Pick<CommandRecord, 'command_id' | 'command_lang'>,
  message: { text: string; lang: string | null },
): Promise<ParsedExample> {
  const text = message.text.trim();
  const lang = NLU_LANGS.find((known) => known === message.lang) ?? command.command_lang;
  const found = await extractCommandVariables(db, userId, command.command_id, text, lang as NluLang);
  const tags = Object.entries(found).flatMap(([varId, value]) =>
    value.start !== undefined && value.end !== undefined && value.end > value.start
      ? [{ tag: text.slice(value.start, value.end), type: Number(varId) }]
      : [],
  );
  return saveExampleRequest.parse({
    example_text: text,
    example_lang: lang,
    example_command_id: command.command_id,
    example_vars: tags,
    example_status: 1,
  });
}
