import type { DebugResult, Similarity } from '@hiwar/contracts';
import { detectLanguage, extractEntities } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { listOwnerCommands } from '../commands/command-repository.ts';
import { listVariablesOfCommands } from '../variables/variable-repository.ts';
import { type CommandVariableValues, extractCommandVariables } from './command-variables.ts';
import {
  commandResponseReplies,
  type DebugReply,
  fallbackReplies,
  findChatbotSettings,
  parserFor,
} from './debug-replies.ts';
import { NLU_PARSERS } from './reconcile-model.ts';
import { type Understanding, understandMessage } from './understand-message.ts';

const TOP_COMMANDS = 5;

type CommandNames = Map<number, { command_name: string; service_name: string }>;

function similarityOf(understanding: Understanding, names: CommandNames): Similarity {
  return {
    top_commands: understanding.ranking.slice(0, TOP_COMMANDS).map((entry) => ({
      command_id: entry.commandId,
      command_name: names.get(entry.commandId)?.command_name ?? '',
      score: entry.score,
    })),
    top_examples: understanding.examples.map((example) => ({
      example_id: example.exampleId,
      text: example.text,
      command_id: example.commandId,
      score: example.score,
    })),
  };
}

/** The matched command's active variables the message did not fill, in var_order. */
async function missingVariables(
  db: Database,
  userId: number,
  commandId: number,
  found: CommandVariableValues,
) {
  const rows = await listVariablesOfCommands(db, [commandId]);
  return rows
    .filter((row) => row.user_id === userId && row.var_status === 1 && !(row.var_id in found))
    .sort((a, b) => a.var_order - b.var_order || a.var_id - b.var_id);
}

async function repliesFor(
  db: Database,
  userId: number,
  commandId: number | null,
  values: Record<string, unknown>,
  settings: Awaited<ReturnType<typeof findChatbotSettings>>,
): Promise<DebugReply[]> {
  if (commandId !== null) return commandResponseReplies(db, userId, commandId, values);
  const fallbackCommand =
    settings?.chatbot_fallback_type === 'cmd' ? settings.chatbot_fallback_command_id : null;
  if (fallbackCommand) return commandResponseReplies(db, userId, fallbackCommand, values).catch(() => []);
  return fallbackReplies(settings);
}

/**
 * GET /debug: what the bot would make of a message — understanding with both parsers, the variables found,
 * the entities, the replies and the sender bank a conversation would hold — without storing anything.
 */
export async function debugMessage(db: Database, userId: number, message: string): Promise<DebugResult> {
  const lang = detectLanguage(message);
  const settings = await findChatbotSettings(db, userId);
  const parser = parserFor(settings, lang);
  const otherParser = NLU_PARSERS.find((kind) => kind !== parser) ?? parser;
  const understanding = await understandMessage(db, userId, message, { lang, parser });
  const otherView = await understandMessage(db, userId, message, { lang, parser: otherParser });
  const names: CommandNames = new Map(
    (await listOwnerCommands(db, userId)).map((row) => [row.command_id, row]),
  );
  const matched = understanding.matched;
  const found = matched ? await extractCommandVariables(db, userId, matched.commandId, message, lang) : {};
  const values = Object.fromEntries(Object.values(found).map((entry) => [entry.varName, entry.value]));
  const missing = matched ? await missingVariables(db, userId, matched.commandId, found) : [];
  const prompt = missing[0];
  const replies: DebugReply[] = prompt
    ? [{ type: 'text', text: prompt.var_prompt }]
    : await repliesFor(db, userId, matched?.commandId ?? null, values, settings);
  return {
    matched_command: matched && {
      command_id: matched.commandId,
      command_name: names.get(matched.commandId)?.command_name ?? '',
      service_name: names.get(matched.commandId)?.service_name ?? '',
      score: matched.score,
      cosine: matched.cosine,
    },
    replies,
    cosine_threshold: understanding.threshold,
    similar_vectors: similarityOf(understanding, names),
    similar_commands: similarityOf(otherView, names),
    command_variables: values,
    entities: extractEntities(message, lang),
    lang,
    sender_bank: {
      command_id: matched?.commandId ?? null,
      cursor: prompt?.var_id ?? null,
      in_progress: prompt !== undefined,
      msg: message,
      prompt: { vars: missing.map((row) => row.var_name) },
      reply_source: prompt ? 'prompt' : matched ? 'command' : 'fallback',
      vars: values,
    },
  };
}
