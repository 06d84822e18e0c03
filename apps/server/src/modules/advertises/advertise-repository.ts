import type { AdvertiseInput, AdvertiseRecord } from '@hiwar/contracts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { AdvertiseTables } from './advertise-tables.ts';

const columns = [
  'id',
  'command_id',
  'code',
  'status',
  'random',
  'random_ratio',
  'created_at',
  'updated_at',
] as const;

function tablesOf(db: Database) {
  return db.withTables<AdvertiseTables>();
}

export function listAdvertiseRows(
  db: Database,
  commandId: number,
  { activeOnly = false } = {},
): Promise<AdvertiseRecord[]> {
  let query = tablesOf(db)
    .selectFrom('command_advertises')
    .select(columns)
    .where('command_id', '=', commandId);
  if (activeOnly) query = query.where('status', '=', 1);
  return query.orderBy('id').execute();
}

type AdvertiseFields = Omit<AdvertiseInput, 'id'>;

export async function insertAdvertise(
  db: Database,
  owner: { userId: number; commandId: number },
  fields: AdvertiseFields,
): Promise<number> {
  const row = await tablesOf(db)
    .insertInto('command_advertises')
    .values({ ...fields, user_id: owner.userId, command_id: owner.commandId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates one of the command's ads; answers false when the id is not an ad of that command. */
export async function updateAdvertise(
  db: Database,
  owner: { userId: number; commandId: number; id: number },
  fields: AdvertiseFields,
): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('command_advertises')
    .set({ ...fields, updated_at: nowIso() })
    .where('id', '=', owner.id)
    .where('command_id', '=', owner.commandId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAdvertiseRow(db: Database, userId: number, id: number): Promise<boolean> {
  const result = await tablesOf(db)
    .deleteFrom('command_advertises')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Copies a command's ads onto another command of `userId`. Run inside the caller's transaction. */
export async function copyAdvertises(
  db: Database,
  from: number,
  to: { userId: number; commandId: number },
): Promise<void> {
  for (const ad of await listAdvertiseRows(db, from)) {
    const { code, status, random, random_ratio } = ad;
    await insertAdvertise(db, to, {
      code,
      status: status === 1 ? 1 : 0,
      random: random === 1 ? 1 : 0,
      random_ratio,
    });
  }
}
