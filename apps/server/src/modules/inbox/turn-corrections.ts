import { inboxMessages, type NegativeExampleRecord } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findOwnCommand } from '../commands/command-repository.ts';
import { deleteNegativesWithText } from '../examples/negative-example-repository.ts';
import { addNegativeExample } from '../examples/negative-examples.ts';
import { saveExample } from '../examples/save-examples.ts';
import { NLU_LANGS } from '../nlu/index.ts';
import { senderOfKey } from './inbox-service.ts';
import { exampleRequestOf } from './message-example.ts';
import { findSenderTurn } from './transcript-repository.ts';

/** The sender's turn the owner corrects, with the text they typed; 404 if not theirs, 422 if not typed. */
async function typedTurnOf(db: Database, userId: number, senderKey: string, turnId: number) {
  const turn = await findSenderTurn(db, senderOfKey(userId, senderKey), turnId);
  if (!turn) throw new AppError('not_found', inboxMessages.turnNotFound);
  const text = turn.event.type === 'text' ? turn.event.text.trim() : '';
  if (text === '') {
    throw new AppError('validation', inboxMessages.turnNotTyped, { turn_id: [inboxMessages.turnNotTyped] });
  }
  return { ...turn, text };
}

/**
 * "Wrong command?" → the command the owner picks: the message becomes that command's example (its own language,
 * the command's variables tagged) and stops being a negative example if it was one. The caller tells the NLU.
 */
export async function correctTurn(
  db: Database,
  userId: number,
  senderKey: string,
  turnId: number,
  commandId: number,
): Promise<{ exampleId: number; commandId: number }> {
  const turn = await typedTurnOf(db, userId, senderKey, turnId);
  const command = await findOwnCommand(db, userId, commandId);
  if (!command) {
    throw new AppError('validation', inboxMessages.commandNotFound, {
      command_id: [inboxMessages.commandNotFound],
    });
  }
  const request = await exampleRequestOf(db, userId, command, { text: turn.text, lang: turn.lang });
  const saved = await db.transaction().execute(async (trx) => {
    const example = await saveExample(trx, userId, request);
    await deleteNegativesWithText(trx, userId, request.example_text);
    return example;
  });
  return { exampleId: saved._id, commandId: command.command_id };
}

/**
 * "Not for this bot": the message becomes a negative example of the service whose command answered it, so the
 * bot says it did not understand such messages. The caller tells the NLU when the negative example is new.
 */
export async function markTurnNotForBot(
  db: Database,
  userId: number,
  senderKey: string,
  turnId: number,
): Promise<{ negative: NegativeExampleRecord; isNew: boolean }> {
  const turn = await typedTurnOf(db, userId, senderKey, turnId);
  const command = turn.commandId === null ? undefined : await findOwnCommand(db, userId, turn.commandId);
  if (!command) {
    throw new AppError('validation', inboxMessages.turnNotMatched, {
      turn_id: [inboxMessages.turnNotMatched],
    });
  }
  return addNegativeExample(db, {
    userId,
    serviceId: command.command_service_id,
    text: turn.text,
    lang: NLU_LANGS.find((known) => known === turn.lang) ?? command.command_lang,
  });
}
