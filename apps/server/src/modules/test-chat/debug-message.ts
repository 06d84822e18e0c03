import type { DebugResult, Similarity } from '@hiwar/contracts';
import { extractEntities } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { listOwnerCommands } from '../commands/command-repository.ts';
import {
  extractCommandVariables,
  findChatbotSettings,
  NLU_PARSERS,
  parserFor,
  type Understanding,
  understandMessage,
} from '../nlu/index.ts';
import { previewReplies } from '../runtime/index.ts';

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

/**
 * GET /debug: what the bot would make of a message — understanding with the chatbot's parser and the other
 * one, the variables and entities found, and the replies and sender bank of the conversation runtime's
 * side-effect-free preview — without storing anything. The language is the one the runtime chose in the
 * preview (among the bot's languages), and so is the reading when the runtime made one.
 */
export async function debugMessage(db: Database, userId: number, message: string): Promise<DebugResult> {
  const preview = await previewReplies(db, userId, message);
  const { lang } = preview;
  const parser = parserFor(await findChatbotSettings(db, userId), lang);
  const otherParser = NLU_PARSERS.find((kind) => kind !== parser) ?? parser;
  const understanding =
    preview.understanding ?? (await understandMessage(db, userId, message, { lang, parser }));
  const otherView = await understandMessage(db, userId, message, { lang, parser: otherParser });
  const names: CommandNames = new Map(
    (await listOwnerCommands(db, userId)).map((row) => [row.command_id, row]),
  );
  const matched = understanding.matched;
  const found = matched ? await extractCommandVariables(db, userId, matched.commandId, message, lang) : {};
  const { var_sources: _sources, lang: _lastLang, ...senderBank } = preview.sender_bank;
  return {
    matched_command: matched && {
      command_id: matched.commandId,
      command_name: names.get(matched.commandId)?.command_name ?? '',
      service_name: names.get(matched.commandId)?.service_name ?? '',
      score: matched.score,
      cosine: matched.cosine,
    },
    replies: preview.replies,
    cosine_threshold: understanding.threshold,
    similar_vectors: similarityOf(understanding, names),
    similar_commands: similarityOf(otherView, names),
    command_variables: Object.fromEntries(Object.values(found).map((entry) => [entry.varName, entry.value])),
    entities: extractEntities(message, lang),
    lang,
    sender_bank: { ...senderBank, msg: senderBank.msg || message },
  };
}
