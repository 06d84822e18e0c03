import type { VariableRecord } from '@hiwar/contracts';
import { extractCommandVariables } from '../nlu/index.ts';
import { loadRunnableCommand, type RunnableCommand } from './load-command.ts';
import { continueCommand, promptFor, setValue, startCommand } from './run-command.ts';
import { idleBank } from './sender-bank.ts';
import type { StepOutcome } from './steps.ts';
import type { TurnState } from './turn-state.ts';
import { isStrongMatch, understand } from './understand.ts';

type Answer = { isValid: true; value: unknown } | { isValid: false };

/**
 * The prompted variable's value in the message, by type: text takes any non-empty text; location a shared
 * location or `lat,lng`; regex, list, component and the others what the variable's extractor finds.
 */
async function readAnswer(
  turn: TurnState,
  command: RunnableCommand,
  variable: VariableRecord,
): Promise<Answer> {
  if (variable.var_type === 'text') {
    const text = turn.text.trim();
    return text === '' ? { isValid: false } : { isValid: true, value: text };
  }
  if (variable.var_type === 'location' && turn.location) return { isValid: true, value: turn.location };
  if (turn.text.trim() === '') return { isValid: false };
  const found = await extractCommandVariables(
    turn.deps.db,
    turn.chatbot.user_id,
    command.commandId,
    turn.text,
    turn.lang,
    { now: turn.deps.now() },
  );
  const value = found[variable.var_id];
  return value ? { isValid: true, value: value.value } : { isValid: false };
}

/** An invalid answer: the variable's fallback (text + re-prompt, options as quick replies, or a redirect). */
async function applyVariableFallback(turn: TurnState, variable: VariableRecord): Promise<string> {
  const options = variable.var_fallback_options;
  if (variable.var_fallback_type === 'redir' && variable.var_fallback_redirect_command_id !== null) {
    const redirectId = variable.var_fallback_redirect_command_id;
    turn.bank = idleBank();
    if (await startCommand(turn, redirectId, 'redirect')) return `redirects to command ${redirectId}`;
  }
  if (variable.var_fallback_type === 'options' && options.length > 0) {
    const text = variable.var_fallback_msg.trim() === '' ? variable.var_prompt : variable.var_fallback_msg;
    turn.replies.push({
      type: 'quick_replies',
      text,
      replies: options.map((option) => ({ label: option.label, payload: option.val })),
    });
    return 'offers the fallback options';
  }
  if (variable.var_fallback_msg.trim() !== '')
    turn.replies.push({ type: 'text', text: variable.var_fallback_msg });
  promptFor(turn, variable);
  return 're-prompts';
}

/**
 * Step 2 (slot filling): while a command waits for a variable, the message answers it — unless it matches
 * another command strongly, which abandons the one in progress.
 */
export async function runSlotFillingStep(turn: TurnState): Promise<StepOutcome> {
  const { command_id: commandId, cursor, in_progress: inProgress } = turn.bank;
  if (!inProgress || commandId === null || cursor === null)
    return { handled: false, note: 'nothing in progress' };
  const command = await loadRunnableCommand(turn.deps.db, turn.chatbot.user_id, commandId);
  const variable = command?.variables.find((v) => v.var_id === cursor);
  if (!command || !variable) {
    turn.bank = idleBank();
    return { handled: false, note: `command ${commandId} or its variable is gone; state cleared` };
  }
  if (turn.text.trim() !== '') {
    const understanding = await understand(turn);
    const other = understanding.matched;
    if (other && other.commandId !== commandId && isStrongMatch(understanding)) {
      turn.matched = { commandId: other.commandId, score: other.score };
      turn.bank = idleBank();
      await startCommand(turn, other.commandId, 'nlu');
      return { handled: true, note: `abandons ${command.name} for command ${other.commandId}` };
    }
  }
  const answer = await readAnswer(turn, command, variable);
  if (!answer.isValid) return { handled: true, note: await applyVariableFallback(turn, variable) };
  setValue(turn, variable.var_name, answer.value, 'answer');
  turn.bank.in_progress = false;
  turn.bank.cursor = null;
  turn.matched = { commandId, score: 1 };
  await continueCommand(turn, command);
  return { handled: true, note: `${variable.var_name} answered` };
}
