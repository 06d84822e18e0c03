import { parseCommandPayload } from '@hiwar/contracts';
import { startCommand } from './run-command.ts';
import type { StepOutcome } from './steps.ts';
import type { TurnState } from './turn-state.ts';

/**
 * Step 1 (postbacks first): a `cmd:<command_id>` payload — start button, persistent menu, quick reply with a
 * command, fallback option, card button — starts that command, abandoning any other. Any other payload
 * (e.g. the start button's default "مساعدة") goes on as if typed, and is understood like text.
 */
export async function runPostbackStep(turn: TurnState): Promise<StepOutcome> {
  if (turn.event.type !== 'postback') return { handled: false, note: 'not a postback' };
  const commandId = parseCommandPayload(turn.event.payload);
  if (commandId === null) return { handled: false, note: 'plain payload, read as text' };
  turn.text = '';
  const started = await startCommand(turn, commandId, 'postback');
  return started
    ? { handled: true, note: `starts command ${commandId}` }
    : { handled: false, note: `command ${commandId} is not runnable` };
}
