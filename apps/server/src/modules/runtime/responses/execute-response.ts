import type { BotMessage, CommandResponseRecord } from '@hiwar/contracts';
import { interpolationValues } from '../interpolate.ts';
import type { RunnableCommand } from '../load-command.ts';
import type { TurnState } from '../turn-state.ts';
import { AskAgain, type ResponseContext } from './response-executor.ts';
import { responseExecutors } from './response-executors.ts';
import { responseServicesOf } from './response-services.ts';

const MAX_ERROR_NOTE = 300;

/** What the response's executor answered ([] → the caller answers the fallback message) and a note for the trace. */
export interface ExecutedResponse {
  replies: BotMessage[];
  note: string;
  /** the executor could not use this variable's value: say the message and ask for the variable again */
  askAgain?: AskAgain;
}

export function responseContextOf(turn: TurnState, command: RunnableCommand): ResponseContext {
  return {
    db: turn.deps.db,
    ownerId: turn.chatbot.user_id,
    values: interpolationValues(turn),
    vars: turn.bank.vars,
    variables: command.variables,
    sender: turn.sender,
    location: turn.location,
    lang: turn.lang,
    senderLang: turn.senderLang,
    botTexts: turn.chatbot.chatbot_texts,
    now: turn.deps.now(),
    args: turn.bank.args ?? {},
    plan: { commerce: turn.commerceWrites, actions: turn.actions, subscriptions: turn.subscriptionWrites },
    ...responseServicesOf(turn.deps.db),
  };
}

function messageOf(error: unknown): string {
  // an OutboundError's reason (timeout, refused, too_large…) says what went wrong in one word
  const reason = error instanceof Error && 'reason' in error ? ` (${String(error.reason)})` : '';
  const text = error instanceof Error ? `${error.name}${reason}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_NOTE ? `${text.slice(0, MAX_ERROR_NOTE)}…` : text;
}

/**
 * Runs the response by its type. A type without an executor, an executor that answers nothing and one that
 * fails all answer [] — a failure only shows in the note (the turn's trace), never to the sender.
 */
export async function executeResponse(
  response: CommandResponseRecord,
  context: ResponseContext,
): Promise<ExecutedResponse> {
  const type = response.resp_type;
  const execute = responseExecutors[type];
  if (!execute) return { replies: [], note: `${type}: not executed (fallback message)` };
  try {
    const replies = await execute(response, context);
    if (replies.length === 0) return { replies, note: `${type}: nothing to show (fallback message)` };
    return { replies, note: type };
  } catch (error) {
    if (error instanceof AskAgain && context.variables.some((v) => v.var_name === error.variableName)) {
      return { replies: [], note: `${type}: asks again for ${error.variableName}`, askAgain: error };
    }
    return { replies: [], note: `${type}: failed, ${messageOf(error)} (fallback message)` };
  }
}
