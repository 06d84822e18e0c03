import { VARIABLE_MAX_TRIES_DEFAULT, type VariableRecord } from '@hiwar/contracts';
import { extractCommandVariables } from '../nlu/index.ts';
import { loadRunnableCommand, type RunnableCommand } from './load-command.ts';
import { exitPhraseIn, foldedWords } from './question-exit.ts';
import { continueCommand, promptFor, setValue, startCommand } from './run-command.ts';
import { idleBank } from './sender-bank.ts';
import type { StepOutcome } from './step-outcome.ts';
import { ownWordsOf, type TurnState } from './turn-state.ts';
import { isStrongMatch, understand } from './understand.ts';
import { runChatbotFallback } from './understanding-step.ts';

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

/** The exit phrase the message is (a list variable's own value is an answer, not an exit). */
function exitPhraseOf(turn: TurnState, variable: VariableRecord): string | undefined {
  const phrase = exitPhraseIn(turn.text, turn.chatbot.chatbot_exit_words ?? []);
  if (phrase === undefined) return undefined;
  const values = [...variable.var_val_list, ...variable.var_labels.map((label) => label.keyword)];
  const said = foldedWords(turn.text).join(' ');
  const isValue = values.some((value) => foldedWords(value).join(' ') === said);
  return isValue ? undefined : phrase;
}

/** The customer said "cancel" (or the like): the question ends with a short acknowledgement in their language. */
function endQuestion(turn: TurnState, command: RunnableCommand, phrase: string): StepOutcome {
  turn.bank = { ...idleBank(), lang: turn.bank.lang };
  turn.replies.push({ type: 'text', text: ownWordsOf(turn)('questionEnded') });
  return { handled: true, note: `ends the question of ${command.name}: the sender said “${phrase}”` };
}

/** Another command's strong match, when the message is no value of the variable: that command answers. */
async function leaveForOtherCommand(
  turn: TurnState,
  command: RunnableCommand,
): Promise<StepOutcome | undefined> {
  if (turn.text.trim() === '') return undefined;
  const understanding = await understand(turn);
  const other = understanding.matched;
  if (!other || other.commandId === command.commandId || !isStrongMatch(understanding)) return undefined;
  turn.matched = { commandId: other.commandId, score: other.score };
  turn.bank = idleBank();
  await startCommand(turn, other.commandId, 'nlu');
  return { handled: true, note: `leaves the question of ${command.name} for command ${other.commandId}` };
}

/** An invalid answer: the variable's fallback, or past its tries the bot stops asking and answers its fallback. */
async function unanswered(turn: TurnState, variable: VariableRecord): Promise<StepOutcome> {
  const tries = (turn.bank.tries ?? 0) + 1;
  const limit = variable.var_max_tries ?? VARIABLE_MAX_TRIES_DEFAULT;
  if (tries < limit) {
    turn.bank.tries = tries;
    return { handled: true, note: await applyVariableFallback(turn, variable) };
  }
  turn.bank = { ...idleBank(), lang: turn.bank.lang };
  turn.replies.push({ type: 'text', text: ownWordsOf(turn)('questionGaveUp') });
  const fallback = await runChatbotFallback(turn);
  return { handled: true, note: `stops asking for ${variable.var_name} after ${tries} tries; ${fallback}` };
}

/**
 * Step 2 (slot filling): while a command waits for a variable, the message answers it. A customer can always
 * get out: an exit word ends the question; a message that is no value of the variable and strongly matches
 * another command answers that command; after the variable's tries the bot stops asking.
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
  const phrase = exitPhraseOf(turn, variable);
  if (phrase !== undefined) return endQuestion(turn, command, phrase);
  // a text variable takes any message, so another command's strong match goes first; any other type's value wins
  const isAnyText = variable.var_type === 'text';
  if (isAnyText) {
    const left = await leaveForOtherCommand(turn, command);
    if (left) return left;
  }
  const answer = await readAnswer(turn, command, variable);
  if (!answer.isValid) {
    const left = isAnyText ? undefined : await leaveForOtherCommand(turn, command);
    return left ?? (await unanswered(turn, variable));
  }
  setValue(turn, variable.var_name, answer.value, 'answer');
  turn.bank.in_progress = false;
  turn.bank.cursor = null;
  turn.matched = { commandId, score: 1 };
  await continueCommand(turn, command);
  return { handled: true, note: `${variable.var_name} answered` };
}
