import { chatbotFallbackReplies } from './fallback-replies.ts';
import { startCommand } from './run-command.ts';
import type { StepOutcome } from './step-outcome.ts';
import type { TurnState } from './turn-state.ts';
import { understand } from './understand.ts';

/** How many of the commands the engine nearly chose a not-understood turn keeps. */
const NEAR_MISSES = 3;

/** Below the threshold: the chatbot fallback — its message, its options as quick replies, or its command. */
export async function runChatbotFallback(turn: TurnState): Promise<string> {
  const { chatbot } = turn;
  const fallbackId = chatbot.chatbot_fallback_command_id;
  if (chatbot.chatbot_fallback_type === 'cmd' && fallbackId !== null) {
    turn.matched = null;
    if (await startCommand(turn, fallbackId, 'fallback')) {
      turn.matched = null;
      return `fallback command ${fallbackId}`;
    }
  }
  turn.replies.push(...chatbotFallbackReplies(chatbot, turn.lang));
  return `fallback ${chatbot.chatbot_fallback_type}`;
}

/** Step 3 (understanding): the best of the owner's active commands, or the chatbot fallback. */
export async function runUnderstandingStep(turn: TurnState): Promise<StepOutcome> {
  if (turn.text.trim() === '') {
    return { handled: true, note: await runChatbotFallback(turn) };
  }
  const understanding = await understand(turn);
  const matched = understanding.matched;
  if (matched) {
    turn.matched = { commandId: matched.commandId, score: matched.score };
    if (await startCommand(turn, matched.commandId, 'nlu')) {
      return { handled: true, note: `command ${matched.commandId} (${matched.score.toFixed(3)})` };
    }
  }
  turn.notUnderstood = understanding.ranking
    .slice(0, NEAR_MISSES)
    .map((ranked) => ({ commandId: ranked.commandId, score: ranked.score }));
  const best = understanding.ranking[0];
  const reading = best ? `best ${best.commandId} at ${best.score.toFixed(3)}` : 'no model';
  return {
    handled: true,
    note: `${reading} < ${understanding.threshold.toFixed(3)}: ${await runChatbotFallback(turn)}`,
  };
}
