import { detectLanguage, type Lang, predict } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { listMatchableCommandIds } from './corpus-repository.ts';
import { loadAnsweringModel, type StoredModel } from './model-store.ts';
import { requestModelUpdate } from './model-updates.ts';
import { NLU_PARSERS, type NluParser } from './reconcile-model.ts';

export interface RankedCommand {
  commandId: number;
  score: number;
}

export interface SimilarExample {
  exampleId: number;
  text: string;
  commandId: number;
  score: number;
}

export interface Understanding {
  lang: Lang;
  /** the parser whose model answered; null when the owner has no model for the language */
  parser: NluParser | null;
  /** the best active command, or null below the threshold or without a model */
  matched: { commandId: number; score: number; cosine: number } | null;
  isOutOfScope: boolean;
  /** the confidence under which a message is out of scope (the debugger's cosine_threshold) */
  threshold: number;
  /** the owner's matchable commands, best first */
  ranking: RankedCommand[];
  /** the most similar examples of those commands, best first */
  examples: SimilarExample[];
}

export interface UnderstandOptions {
  /** defaults to the message's language (Arabic script → ar, else the engine's en/de detection) */
  lang?: Lang;
  /** the chatbot's parser for the language; defaults to default. Falls back to the other parser's model. */
  parser?: NluParser;
  /** the commands the message may match (listMatchableCommandIds), when the caller already read them */
  matchable?: ReadonlySet<number>;
}

async function loadModelFor(
  db: Database,
  userId: number,
  lang: Lang,
  preferred: NluParser,
): Promise<{ parser: NluParser; stored: StoredModel } | null> {
  const order = [preferred, ...NLU_PARSERS.filter((parser) => parser !== preferred)];
  for (const parser of order) {
    const stored = await loadAnsweringModel(db, { userId, lang, parser });
    if (stored) return { parser, stored };
  }
  return null;
}

function notUnderstood(lang: Lang): Understanding {
  return { lang, parser: null, matched: null, isOutOfScope: true, threshold: 0, ranking: [], examples: [] };
}

function commandsMissingFrom(stored: StoredModel, matchable: ReadonlySet<number>): number[] {
  return [...matchable].filter((commandId) => !stored.commands.has(commandId));
}

/** Similarity of the message to the command's nearest example. */
function cosineOf(commandId: number, examples: SimilarExample[]): number {
  return examples.find((example) => example.commandId === commandId)?.score ?? 0;
}

/**
 * Ranks the owner's commands for a message, reading nothing but the owner's model. Commands switched off (or
 * whose service is) are left out at once; a command switched back on that the model lacks is asked for in the
 * background (model-updates.ts) and matched once its update is live.
 */
export async function understandMessage(
  db: Database,
  userId: number,
  text: string,
  options: UnderstandOptions = {},
): Promise<Understanding> {
  const lang = options.lang ?? detectLanguage(text);
  const preferred = options.parser ?? 'default';
  const matchable = options.matchable ?? (await listMatchableCommandIds(db, userId, lang));
  const found = await loadModelFor(db, userId, lang, preferred);
  const missing = found ? commandsMissingFrom(found.stored, matchable) : [...matchable];
  // a command switched back on, or a language's first examples: the models catch up in the background while
  // this message is answered from the live model
  if (missing.length > 0) void requestModelUpdate(db, userId, missing);
  if (!found) return notUnderstood(lang);
  const prediction = predict(found.stored.model, text);
  const ranking = prediction.ranking
    .map((entry) => ({ commandId: Number(entry.command), score: entry.score }))
    .filter((entry) => matchable.has(entry.commandId));
  const examples = prediction.examples
    .map((example) => ({
      exampleId: Number(example.id),
      text: example.text,
      commandId: Number(example.command),
      score: example.score,
    }))
    .filter((example) => matchable.has(example.commandId));
  const best = ranking[0];
  const isOutOfScope = prediction.isOutOfScope || best === undefined;
  return {
    lang,
    parser: found.parser,
    matched: isOutOfScope || !best ? null : { ...best, cosine: cosineOf(best.commandId, examples) },
    isOutOfScope,
    threshold: prediction.threshold,
    ranking,
    examples,
  };
}
