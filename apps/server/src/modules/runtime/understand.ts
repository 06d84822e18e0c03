import type { Lang } from '@hiwar/nlu';
import { type Understanding, understandMessage } from '../nlu/index.ts';
import { matchableCommandsOf } from './message-language.ts';
import type { TurnState } from './turn-state.ts';

/**
 * How far above the out-of-scope threshold a match to ANOTHER command must score to abandon the command in
 * progress: a prompt's answer ("Cairo", "the airport") often resembles some example a little, and with few
 * examples the classifier's score alone is high for almost anything ("the airport" → weather 0.75).
 */
export const ABANDON_MARGIN = 0.25;
/** ...and how close to one of that command's examples the message must be (cosine of the nearest example). */
export const ABANDON_MIN_COSINE = 0.5;

async function understandIn(turn: TurnState, lang: Lang): Promise<Understanding> {
  const { db } = turn.deps;
  const userId = turn.chatbot.user_id;
  return understandMessage(db, userId, turn.text, {
    lang,
    parser: turn.chatbot.chatbot_parser[lang],
    matchable: await matchableCommandsOf(db, userId, lang),
  });
}

/**
 * How well a model read the message, comparable across two languages' models: a match beats none, then the
 * margin of the nearest example's cosine over that model's out-of-scope threshold.
 */
function readingStrength(understanding: Understanding): [number, number] {
  if (understanding.parser === null) return [-1, 0];
  const nearest = understanding.examples[0]?.score ?? 0;
  return [understanding.matched ? 1 : 0, nearest - understanding.threshold];
}

function isBetterReading(candidate: Understanding, current: Understanding): boolean {
  const [candidateMatch, candidateMargin] = readingStrength(candidate);
  const [currentMatch, currentMargin] = readingStrength(current);
  return candidateMatch !== currentMatch ? candidateMatch > currentMatch : candidateMargin > currentMargin;
}

/**
 * The NLU's ranking of the turn's text for its language and the chatbot's parser, computed once per turn.
 * When the language step left a close runner-up, the message is scored under that language's model too and
 * the better reading wins, its language becoming the turn's.
 */
export async function understand(turn: TurnState): Promise<Understanding> {
  if (turn.understanding) return turn.understanding;
  let understanding = await understandIn(turn, turn.lang);
  if (turn.runnerUpLang) {
    const other = await understandIn(turn, turn.runnerUpLang);
    if (isBetterReading(other, understanding)) understanding = other;
    turn.lang = understanding.lang;
    turn.runnerUpLang = null;
  }
  turn.understanding = understanding;
  return understanding;
}

export function isStrongMatch(understanding: Understanding): boolean {
  const matched = understanding.matched;
  return (
    matched !== null &&
    matched.score >= understanding.threshold + ABANDON_MARGIN &&
    matched.cosine >= ABANDON_MIN_COSINE
  );
}
