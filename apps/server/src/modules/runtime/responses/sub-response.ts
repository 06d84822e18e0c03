import { type BotMessage, botWordsOf, type CommandResponseRecord } from '@hiwar/contracts';
import { findOwnChannel } from '../../subscriptions/channel-repository.ts';
import type { ResponseContext } from './response-executor.ts';
import { renderText } from './text-response.ts';

/** The values of the command's variables the sender gave, as text: what a subscription records. */
export function commandVariableValues(context: ResponseContext): Record<string, string> {
  const values: Record<string, string> = {};
  for (const variable of context.variables) {
    const value = context.values[variable.var_name];
    if (value !== undefined && value !== '') values[variable.var_name] = value;
  }
  return values;
}

/**
 * `sub`: the sender joins the channel `resp_sub_channel` names (planned, written with the turn — once however
 * often they subscribe), with the values of the command's variables; the answer is `resp_text` (its quick
 * replies too), else a confirmation in the sender's language that says how to stop. Another owner's or a
 * deleted channel throws (traced; the fallback message).
 */
export async function executeSubResponse(
  response: CommandResponseRecord,
  context: ResponseContext,
): Promise<BotMessage[]> {
  const channelId = response.resp_sub_channel;
  if (channelId === null) throw new Error('no subscription channel chosen');
  const channel = await findOwnChannel(context.db, context.ownerId, channelId);
  if (!channel) throw new Error(`subscription channel ${channelId} not found`);
  context.plan?.subscriptions?.push({
    kind: 'subscribe',
    channelIds: [channel.sc_id],
    vars: commandVariableValues(context),
  });
  const answer = renderText(response, context.values);
  return answer.length > 0
    ? answer
    : [{ type: 'text', text: botWordsOf(context.botTexts, context.senderLang)('subscribed') }];
}
