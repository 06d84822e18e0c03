import {
  type AdvertiseRecord,
  type BotLanguage,
  botLanguages,
  type CommandResponseRecord,
  type VariableRecord,
} from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { getActiveAdvertises } from '../advertises/advertise-service.ts';
import { findOwnCommand } from '../commands/command-repository.ts';
import { getCommandResponse } from '../responses/response-service.ts';
import { listVariablesOfCommands, variableOf } from '../variables/variable-repository.ts';
import { botCache } from './bot-cache.ts';
import { checkoutVariablesOf } from './responses/checkout-contacts.ts';

/** A command as a conversation runs it: read once and shared by every turn until the bot changes (frozen). */
export interface RunnableCommand {
  readonly commandId: number;
  readonly name: string;
  /** command_lang: the language its examples and its response's plain texts are written in */
  readonly lang: BotLanguage | null;
  /**
   * the active variables in the order they are asked: var_order, then var_id; then the checkout's own contact
   * questions where a command that completes an order has no variable for them (responses/checkout-contacts.ts)
   */
  readonly variables: readonly VariableRecord[];
  readonly response: CommandResponseRecord;
  /** its active advertises (random ones are drawn per turn) */
  readonly advertises: readonly AdvertiseRecord[];
}

const commands = botCache<RunnableCommand | null>();

async function readRunnableCommand(
  db: Database,
  userId: number,
  commandId: number,
): Promise<RunnableCommand | null> {
  const command = await findOwnCommand(db, userId, commandId);
  if (command?.command_status !== 1) return null;
  const variables = (await listVariablesOfCommands(db, [commandId]))
    .filter((row) => row.user_id === userId && row.var_status === 1)
    .map(variableOf)
    .sort((a, b) => a.var_order - b.var_order || a.var_id - b.var_id);
  const response = await getCommandResponse(db, userId, commandId);
  const advertises = await getActiveAdvertises(db, commandId);
  const lang = botLanguages.find((language) => language === command.command_lang) ?? null;
  // a checkout the owner gave no contact variables asks for the details itself, after the owner's variables
  const checkout = checkoutVariablesOf(response, variables, { commandId, userId });
  return {
    commandId,
    name: command.command_name,
    lang,
    variables: [...variables, ...checkout],
    response,
    advertises,
  };
}

/**
 * The owner's active command with its active variables, response and advertises (cached until the bot changes);
 * null for a foreign, missing or switched-off one.
 */
export function loadRunnableCommand(
  db: Database,
  userId: number,
  commandId: number,
): Promise<RunnableCommand | null> {
  return commands.get(db, `${userId}:${commandId}`, () => readRunnableCommand(db, userId, commandId));
}
