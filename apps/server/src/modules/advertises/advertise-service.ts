import type { AdvertiseInput, AdvertiseRecord } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { requireOwnCommand } from '../commands/command-actions.ts';
import {
  deleteAdvertiseRow,
  insertAdvertise,
  listAdvertiseRows,
  updateAdvertise,
} from './advertise-repository.ts';

export async function listAdvertises(
  db: Database,
  userId: number,
  commandId: number,
): Promise<AdvertiseRecord[]> {
  await requireOwnCommand(db, userId, commandId);
  return listAdvertiseRows(db, commandId);
}

/**
 * Upserts each ad in one transaction (with an id: updates that ad of this command, else inserts) and answers the
 * refreshed list. An id that is not one of this command's ads fails the whole save with not_found.
 */
export async function saveAdvertises(
  db: Database,
  userId: number,
  commandId: number,
  ads: AdvertiseInput[],
): Promise<AdvertiseRecord[]> {
  return db.transaction().execute(async (trx) => {
    await requireOwnCommand(trx, userId, commandId);
    for (const { id, ...fields } of ads) {
      if (id === null || id === undefined) {
        await insertAdvertise(trx, { userId, commandId }, fields);
      } else if (!(await updateAdvertise(trx, { userId, commandId, id }, fields))) {
        throw new AppError('not_found');
      }
    }
    return listAdvertiseRows(trx, commandId);
  });
}

export async function deleteAdvertise(db: Database, userId: number, id: number): Promise<void> {
  if (!(await deleteAdvertiseRow(db, userId, id))) throw new AppError('not_found');
}

/** The ads the runtime appends to a command's answer: status 1, oldest first (random ones still need a draw). */
export function getActiveAdvertises(db: Database, commandId: number): Promise<AdvertiseRecord[]> {
  return listAdvertiseRows(db, commandId, { activeOnly: true });
}
