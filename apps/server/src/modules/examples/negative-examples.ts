import { inboxMessages, type NegativeExampleRecord, negativeExampleMessages } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  deleteOwnNegative,
  findNegative,
  insertNegative,
  isExampleText,
  type NegativeFields,
} from './negative-example-repository.ts';

/**
 * A message the owner marked "not for this bot" becomes a negative example of the service that answered it:
 * the NLU trains it as its negative class, so that message — and messages like it — are not
 * understood. Marking the same message twice keeps one. A message that is one of the owner's examples cannot be
 * both: the owner removes that example first. Answers the record and whether it is new (the models then follow).
 */
export async function addNegativeExample(
  db: Database,
  fields: NegativeFields,
): Promise<{ negative: NegativeExampleRecord; isNew: boolean }> {
  const text = fields.text.trim();
  if (await isExampleText(db, fields.userId, text)) {
    throw new AppError('validation', inboxMessages.isAnExample, { turn_id: [inboxMessages.isAnExample] });
  }
  const known = await findNegative(db, { ...fields, text });
  if (known) return { negative: known, isNew: false };
  return { negative: await insertNegative(db, { ...fields, text }), isNew: true };
}

/** Removes the owner's negative example, or 404. */
export async function removeNegativeExample(db: Database, userId: number, id: number): Promise<void> {
  if (!(await deleteOwnNegative(db, userId, id))) {
    throw new AppError('not_found', negativeExampleMessages.notFound);
  }
}
