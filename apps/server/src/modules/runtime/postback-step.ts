import { type CommandListItem, parseCommandPostback } from '@hiwar/contracts';
import { listOwnerCommands } from '../commands/command-repository.ts';
import { botCache } from './bot-cache.ts';
import { startCommand } from './run-command.ts';
import type { StepOutcome } from './step-outcome.ts';
import type { TurnState } from './turn-state.ts';

function comparable(text: string): string {
  return text.trim().toLocaleLowerCase();
}

const ownerCommands = botCache<CommandListItem[]>();

/** The owner's command whose name is exactly the payload (a start button's postback may name a command). */
async function commandNamed(turn: TurnState, payload: string): Promise<number | null> {
  const wanted = comparable(payload);
  const { db } = turn.deps;
  const userId = turn.chatbot.user_id;
  const commands = await ownerCommands.get(db, String(userId), () => listOwnerCommands(db, userId));
  return commands.find((command) => comparable(command.command_name) === wanted)?.command_id ?? null;
}

/**
 * Step 1 (postbacks first). A payload names a command as `cmd:<command_id>` (start button, persistent menu,
 * quick reply with a command, fallback option, card button) or by the command's exact name: that command
 * starts, abandoning any other. Any other payload (e.g. the start button's default "مساعدة") goes on as if
 * typed: it answers a prompt or is understood like text.
 */
export async function runPostbackStep(turn: TurnState): Promise<StepOutcome> {
  if (turn.event.type !== 'postback') return { handled: false, note: 'not a postback' };
  const payload = turn.event.payload;
  const named = parseCommandPostback(payload);
  const commandId = named?.commandId ?? (await commandNamed(turn, payload));
  if (commandId === null) return { handled: false, note: 'plain payload, read as text' };
  turn.text = '';
  const started = await startCommand(turn, commandId, 'postback', named?.args);
  if (started) return { handled: true, note: `starts command ${commandId}` };
  turn.text = payload;
  return { handled: false, note: `command ${commandId} is not runnable; payload read as text` };
}
