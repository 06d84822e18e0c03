import type { Database } from '../../platform/db/database.ts';
import type { UploadTables } from './upload-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<UploadTables>();
}

export interface NewUpload {
  kind: string;
  file: string;
  bytes: number;
}

export async function insertUpload(db: Database, userId: number, upload: NewUpload): Promise<void> {
  await tablesOf(db)
    .insertInto('uploads')
    .values({ user_id: userId, ...upload })
    .execute();
}

/** How many files the owner uploaded at or after `sinceIso`. */
export async function countUploadsSince(db: Database, userId: number, sinceIso: string): Promise<number> {
  const row = await tablesOf(db)
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
