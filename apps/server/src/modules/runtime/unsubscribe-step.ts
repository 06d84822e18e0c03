import { isSubscribedAnywhere } from '../subscriptions/subscriber-repository.ts';
import { isUnsubscribeRequest } from '../subscriptions/subscription-words.ts';
import type { StepOutcome } from './step-outcome.ts';
import { ownWordsOf, type TurnState } from './turn-state.ts';

/**
 * The fixed "unsubscribe" command: a message that is only "unsubscribe", "stop", "abbestellen",
 * "إلغاء الاشتراك"… from a sender subscribed to any of the owner's channels takes them out of all of them
 * (written with the turn) and says so in their language. Anyone else's "stop" goes on to the bot's own commands.
 */
export async function runUnsubscribeStep(turn: TurnState): Promise<StepOutcome> {
  if (turn.event.type !== 'text' || !isUnsubscribeRequest(turn.text)) {
    return { handled: false, note: 'not an unsubscribe request' };
  }
  if (!(await isSubscribedAnywhere(turn.deps.db, turn.sender))) {
    return { handled: false, note: 'unsubscribe words, but not subscribed: read as text' };
  }
  turn.subscriptionWrites.push({ kind: 'unsubscribe' });
  turn.replies.push({ type: 'text', text: ownWordsOf(turn)('unsubscribed') });
  return { handled: true, note: 'unsubscribed from every channel' };
}
