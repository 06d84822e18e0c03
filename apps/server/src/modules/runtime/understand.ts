import type { Lang } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { listMatchableCommandIds, type Understanding, understandMessage } from '../nlu/index.ts';
import { botCache } from './bot-cache.ts';
import type { TurnState } from './turn-state.ts';

/**
 * How far above the out-of-scope threshold a match to ANOTHER command must score to abandon the command in
 * progress: a prompt's answer ("Cairo", "the airport") often resembles some example a little, and with few
 * examples the classifier's score alone is high for almost anything ("the airport" → weather 0.75).
 */
export const ABANDON_MARGIN = 0.25;
/** ...and how close to one of that command's examples the message must be (cosine of the nearest example). */
export const ABANDON_MIN_COSINE = 0.5;

const matchableCommands = botCache<ReadonlySet<number>>();

/** The owner's commands a message in `lang` may match (active, in an active service, with an example in `lang`). */
function matchableCommandsOf(db: Database, userId: number, lang: Lang): Promise<ReadonlySet<number>> {
  return matchableCommands.get(db, `${userId}:${lang}`, () => listMatchableCommandIds(db, userId, lang));
}

/** The NLU's ranking of the turn's text for its language and the chatbot's parser, computed once per turn. */
export async function understand(turn: TurnState): Promise<Understanding> {
  if (turn.understanding) return turn.understanding;
  const { db } = turn.deps;
  const userId = turn.chatbot.user_id;
  turn.understanding = await understandMessage(db, userId, turn.text, {
    lang: turn.lang,
    parser: turn.chatbot.chatbot_parser[turn.lang],
    matchable: await matchableCommandsOf(db, userId, turn.lang),
  });
  return turn.understanding;
}

export function isStrongMatch(understanding: Understanding): boolean {
  const matched = understanding.matched;
  return (
    matched !== null &&
    matched.score >= understanding.threshold + ABANDON_MARGIN &&
    matched.cosine >= ABANDON_MIN_COSINE
  );
}
