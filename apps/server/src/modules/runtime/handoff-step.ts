import { findOpenHandoff } from '../handoff/handoff-repository.ts';
import { planHandoff, planRelease } from '../handoff/plan-handoff.ts';
import { readSupportSettings } from '../handoff/support-settings.ts';
import type { StepOutcome } from './step-outcome.ts';
import { ownWordsOf, type TurnState } from './turn-state.ts';

/** The fixed commands (GET /command/get_fixed_commands) a button's payload may name. */
const CONNECT = 'cs_connect';
const DISCONNECT = 'cs_disconnect';

/**
 * Step 1 (hand-over), before everything that answers. The fixed commands `cs_connect`/`cs_disconnect` as a
 * payload hand over or give back while the owner's customer support is on (otherwise they go on as plain
 * payloads). While the sender is handed over (the bank says so, so other senders pay no query) the bot stays
 * silent: the person answers (the console, or the owner's Chatwoot). A hand-over whose time ran out ends here
 * too, with a message, and the bot answers the message.
 */
export async function runHandoffStep(turn: TurnState): Promise<StepOutcome> {
  const payload = turn.event.type === 'postback' ? turn.event.payload.trim() : null;
  if (payload === CONNECT || payload === DISCONNECT) {
    const note = payload === CONNECT ? await planHandoff(turn, '') : await planRelease(turn);
    const isFixed = !note.includes('customer support is off');
    if (isFixed) {
      if (payload === CONNECT)
        turn.replies.push({ type: 'text', text: ownWordsOf(turn)('handoffConnected') });
      return { handled: true, note };
    }
  }
  if (!turn.isHandedOver) return { handled: false, note: 'not handed over' };
  const sender = {
    userId: turn.chatbot.user_id,
    platform: turn.sender.platform,
    senderId: turn.sender.senderId,
  };
  const open = await findOpenHandoff(turn.deps.db, sender);
  if (!open) {
    turn.isHandedOver = false;
    return { handled: false, note: 'the hand-over ended: the bot answers' };
  }
  const now = turn.deps.now();
  if (open.expiresAt <= now.toISOString()) {
    turn.handoffWrites.push({ kind: 'close', handoffId: open.id, reason: 'timeout' });
    turn.isHandedOver = false;
    turn.replies.push({ type: 'text', text: ownWordsOf(turn)('handoffReleased') });
    return { handled: false, note: 'the hand-over timed out: the bot answers' };
  }
  const settings = await readSupportSettings(turn.deps.db, turn.chatbot.user_id);
  turn.handoffWrites.push({
    kind: 'extend',
    handoffId: open.id,
    expiresAt: new Date(now.getTime() + settings.timeoutMs).toISOString(),
  });
  const department = open.departmentName ? ` (${open.departmentName})` : '';
  return { handled: true, note: `handed over${department}, ${open.status}: the bot stays silent` };
}
