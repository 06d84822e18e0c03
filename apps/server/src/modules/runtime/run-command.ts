import type { VariableRecord } from '@hiwar/contracts';
import { DAY_MS, isoAfter } from '../../platform/db/clock.ts';
import { commerceWordsOf } from '../commerce/commerce-words.ts';
import { findLastContact } from '../commerce/order-repository.ts';
import { extractCommandVariables } from '../nlu/index.ts';
import { planResponseEffects } from './actions/plan-effects.ts';
import { commandFallbackReplies } from './fallback-replies.ts';
import { interpolate, interpolationValues } from './interpolate.ts';
import { loadRunnableCommand, type RunnableCommand } from './load-command.ts';
import { traced } from './pipeline-trace.ts';
import { loadPreferences } from './preference-repository.ts';
import { checkoutPromptOf, isCheckoutVariable } from './responses/checkout-contacts.ts';
import { executeResponse, responseContextOf } from './responses/execute-response.ts';
import { localizeResponse } from './responses/localize-response.ts';
import type { AskAgain } from './responses/response-executor.ts';
import { cartPostbackValues } from './responses/shopping-cart-response.ts';
import { idleBank, type ValueSource } from './sender-bank.ts';
import type { TurnState } from './turn-state.ts';

/** Values a message yields at once; a text variable's "whole message" reading only answers a prompt. */
async function valuesInMessage(turn: TurnState, command: RunnableCommand): Promise<Record<string, unknown>> {
  if (command.variables.length === 0 || (turn.text.trim() === '' && !turn.location)) return {};
  const found = await extractCommandVariables(
    turn.deps.db,
    turn.chatbot.user_id,
    command.commandId,
    turn.text,
    turn.lang,
    { now: turn.deps.now(), ...(turn.location && { location: turn.location }) },
  );
  const values: Record<string, unknown> = {};
  for (const value of Object.values(found)) {
    if (value.source !== 'text') values[value.varName] = value.value;
  }
  return values;
}

/**
 * Starts a command: clears what another command left, takes the values the message holds (and those the
 * postback's arguments give its response, kept in the bank for it), then goes on filling (DESIGN.md §5 step 4).
 */
export async function startCommand(
  turn: TurnState,
  commandId: number,
  source: string,
  args: Record<string, string> = {},
): Promise<boolean> {
  const command = await loadRunnableCommand(turn.deps.db, turn.chatbot.user_id, commandId);
  if (!command) return false;
  const hasArgs = Object.keys(args).length > 0;
  turn.bank = {
    ...idleBank(),
    command_id: commandId,
    reply_source: source,
    msg: turn.text,
    ...(hasArgs && { args }),
  };
  turn.matched ??= { commandId, score: 1 };
  await traced(turn, 'variables', async () => {
    const values = await valuesInMessage(turn, command);
    for (const [name, value] of Object.entries(values)) setValue(turn, name, value, 'message');
    const given = hasArgs
      ? await cartPostbackValues(responseContextOf(turn, command), command.response, args)
      : {};
    for (const [name, value] of Object.entries(given)) setValue(turn, name, value, 'default');
    const counts = `${Object.keys(values).length} value(s) in the message`;
    const postback = Object.keys(given).length > 0 ? `, ${Object.keys(given).length} from the postback` : '';
    return { note: `${command.name}: ${counts}${postback}` };
  });
  await continueCommand(turn, command);
  return true;
}

export function setValue(turn: TurnState, name: string, value: unknown, source: ValueSource): void {
  turn.bank.vars[name] = value;
  turn.bank.var_sources[name] = source;
}

async function preferencesOf(turn: TurnState, command: RunnableCommand): Promise<Map<number, unknown>> {
  const needsThem = command.variables.some(
    (v) => v.var_is_preference === 1 || (v.var_default_val_type === 'prf' && v.var_default_val_preference_id),
  );
  if (!needsThem) return new Map();
  return loadPreferences(turn.deps.db, turn.sender, turn.deps.now().toISOString());
}

/** A missing value from a remembered preference, else the default value; undefined when neither has one. */
function knownValueOf(variable: VariableRecord, preferences: Map<number, unknown>) {
  if (variable.var_is_preference === 1 && preferences.has(variable.var_id)) {
    return { value: preferences.get(variable.var_id), source: 'preference' as const };
  }
  if (variable.var_default_val_type === 'txt' && variable.var_default_val.trim() !== '') {
    return { value: variable.var_default_val, source: 'default' as const };
  }
  const preferenceId = variable.var_default_val_preference_id;
  if (variable.var_default_val_type === 'prf' && preferenceId !== null && preferences.has(preferenceId)) {
    return { value: preferences.get(preferenceId), source: 'default' as const };
  }
  return undefined;
}

function promptOf(variable: VariableRecord): string {
  return variable.var_prompt.trim() === '' ? `${variable.var_name}?` : variable.var_prompt;
}

/** Asks for the variable at the cursor (again, after a fallback); the checkout's own in the sender's language. */
export function promptFor(turn: TurnState, variable: VariableRecord): void {
  if (isCheckoutVariable(variable)) {
    turn.replies.push({
      type: 'text',
      text: checkoutPromptOf(variable, turn.senderLang, turn.chatbot.chatbot_texts),
    });
    return;
  }
  turn.replies.push({ type: 'text', text: interpolate(promptOf(variable), interpolationValues(turn)) });
}

/**
 * What the checkout knows of a returning customer: the details of their last order with the owner (said back to
 * them when used), else their profile name (Telegram, Messenger) for the name.
 */
async function checkoutKnownValues(turn: TurnState, missing: readonly VariableRecord[]) {
  const known = new Map<string, string>();
  if (!missing.some(isCheckoutVariable)) return known;
  const last = await findLastContact(turn.deps.db, {
    userId: turn.chatbot.user_id,
    platform: turn.sender.platform,
    senderId: turn.sender.senderId,
  });
  if (last && last.fullname !== '' && last.phone !== '' && last.address !== '') {
    known.set('fullname', last.fullname).set('phone', last.phone).set('address', last.address);
    turn.replies.push({
      type: 'text',
      text: commerceWordsOf(turn.chatbot.chatbot_texts, turn.senderLang).sameContact(
        last.fullname,
        last.phone,
        last.address,
      ),
    });
    return known;
  }
  const profileName = (turn.sender.name ?? '').trim();
  if (profileName !== '') known.set('fullname', profileName);
  return known;
}

/** Fills what is still missing in var_order; prompts for the first value nobody knows, or answers. */
export async function continueCommand(turn: TurnState, command: RunnableCommand): Promise<void> {
  const missing = command.variables.filter((variable) => !(variable.var_name in turn.bank.vars));
  const preferences = missing.length > 0 ? await preferencesOf(turn, command) : new Map<number, unknown>();
  const checkoutKnown = await checkoutKnownValues(turn, missing);
  for (const [index, variable] of missing.entries()) {
    const fromCheckout = isCheckoutVariable(variable) ? checkoutKnown.get(variable.var_name) : undefined;
    const known =
      fromCheckout !== undefined
        ? { value: fromCheckout, source: 'default' as const }
        : knownValueOf(variable, preferences);
    if (known) {
      setValue(turn, variable.var_name, known.value, known.source);
      continue;
    }
    turn.bank.in_progress = true;
    turn.bank.cursor = variable.var_id;
    delete turn.bank.tries;
    turn.bank.prompt = { vars: missing.slice(index).map((v) => v.var_name) };
    await traced(turn, 'prompt', async () => ({ note: `asks for ${variable.var_name}` }));
    promptFor(turn, variable);
    return;
  }
  await respond(turn, command);
}

function rememberPreferences(turn: TurnState, command: RunnableCommand): void {
  const now = turn.deps.now();
  for (const variable of command.variables) {
    const source = turn.bank.var_sources[variable.var_name];
    if (variable.var_is_preference !== 1 || (source !== 'message' && source !== 'answer')) continue;
    turn.preferenceWrites.push({
      varId: variable.var_id,
      value: turn.bank.vars[variable.var_name],
      expiresAt: isoAfter(variable.var_is_preference_timeout * DAY_MS, now),
    });
  }
}

/** The response could not use a value: say why, forget it and ask for it again; the command keeps waiting. */
function askAgain(turn: TurnState, command: RunnableCommand, ask: AskAgain): void {
  const variable = command.variables.find((v) => v.var_name === ask.variableName);
  if (!variable) return;
  delete turn.bank.vars[variable.var_name];
  delete turn.bank.var_sources[variable.var_name];
  turn.bank.in_progress = true;
  turn.bank.cursor = variable.var_id;
  delete turn.bank.tries;
  turn.bank.prompt = { vars: [variable.var_name] };
  turn.replies.push({ type: 'text', text: ask.message });
  promptFor(turn, variable);
}

/** All values known: the response by type, then the advertises; the sender is free again. */
async function respond(turn: TurnState, command: RunnableCommand): Promise<void> {
  let asked: AskAgain | undefined;
  await traced(turn, 'response', async () => {
    // each text in the sender's language where the owner wrote a version of it
    const response = localizeResponse(command.response, { message: turn.lang, plain: command.lang });
    const executed = await executeResponse(response, responseContextOf(turn, command));
    if (executed.askAgain) {
      asked = executed.askAgain;
      return { note: executed.note };
    }
    const replies =
      executed.replies.length > 0
        ? executed.replies
        : commandFallbackReplies(turn.chatbot, response.resp_fallback_msg, turn.lang);
    turn.replies.push(...replies);
    return { note: executed.note };
  });
  if (asked) {
    askAgain(turn, command, asked);
    return;
  }
  await traced(turn, 'advertises', async () => {
    const ads = command.advertises;
    const shown = ads.filter((ad) => ad.random !== 1 || turn.deps.random() * 100 < Number(ad.random_ratio));
    for (const ad of shown) turn.replies.push({ type: 'advert', html: ad.code });
    return { note: `${shown.length} of ${ads.length} shown` };
  });
  await traced(turn, 'actions', () => planResponseEffects(turn, command));
  rememberPreferences(turn, command);
  turn.answeredValues = turn.bank.vars;
  turn.bank = idleBank();
}
