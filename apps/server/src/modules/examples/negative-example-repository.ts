import type { NegativeExampleRecord } from '@hiwar/contracts';
import type { Selectable } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { ExampleTables, NegativeExamplesTable } from './example-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<ExampleTables>();
}

function recordOf(row: Selectable<NegativeExamplesTable>): NegativeExampleRecord {
  return {
    id: Number(row.id),
    service_id: Number(row.service_id),
    text: row.text,
    lang: row.lang,
    created_at: row.created_at,
  };
}

export interface NegativeFields {
  userId: number;
  serviceId: number;
  text: string;
  lang: string;
}

export async function insertNegative(db: Database, fields: NegativeFields): Promise<NegativeExampleRecord> {
  const row = await tablesOf(db)
    .insertInto('negative_examples')
    .values({ user_id: fields.userId, service_id: fields.serviceId, text: fields.text, lang: fields.lang })
    .returningAll()
    .executeTakeFirstOrThrow();
  return recordOf(row);
}

/** The service's negative example with exactly this text and language, if any. */
export async function findNegative(
  db: Database,
  fields: NegativeFields,
): Promise<NegativeExampleRecord | null> {
  const row = await tablesOf(db)
    .selectFrom('negative_examples')
    .selectAll()
    .where('user_id', '=', fields.userId)
    .where('service_id', '=', fields.serviceId)
    .where('lang', '=', fields.lang)
    .where('text', '=', fields.text)
    .executeTakeFirst();
  return row ? recordOf(row) : null;
}

export async function listNegativesOfService(
  db: Database,
  serviceId: number,
): Promise<NegativeExampleRecord[]> {
  const rows = await tablesOf(db)
    .selectFrom('negative_examples')
    .selectAll()
    .where('service_id', '=', serviceId)
    .orderBy('id')
    .execute();
  return rows.map(recordOf);
}

/** Answers whether the owner had that negative example. */
export async function deleteOwnNegative(db: Database, userId: number, id: number): Promise<boolean> {
  const result = await tablesOf(db)
    .deleteFrom('negative_examples')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Drops the owner's negative examples with this text (it has become a command's example); answers how many. */
export async function deleteNegativesWithText(db: Database, userId: number, text: string): Promise<number> {
  const result = await tablesOf(db)
    .deleteFrom('negative_examples')
    .where('user_id', '=', userId)
    .where('text', '=', text)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether one of the owner's examples has exactly this text. */
export async function isExampleText(db: Database, userId: number, text: string): Promise<boolean> {
  const row = await tablesOf(db)
    .selectFrom('command_examples')
    .select('_id')
    .where('user_id', '=', userId)
    .where('example_text', '=', text)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
