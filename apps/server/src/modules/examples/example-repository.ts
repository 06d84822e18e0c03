import type { ExampleRecord, ExampleVar } from '@hiwar/contracts';
import type { Selectable } from 'kysely';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson, toJson } from '../../platform/db/json.ts';
import type { CommandsTable } from '../../platform/db/tables.ts';
import type { CommandExamplesTable, ExampleTables } from './example-tables.ts';

type ExampleRow = Selectable<CommandExamplesTable>;

function tablesOf(db: Database) {
  return db.withTables<ExampleTables>();
}

function exampleOf(row: ExampleRow): ExampleRecord {
  return { ...row, example_vars: fromJson<ExampleVar[]>(row.example_vars, []) };
}

export interface ExampleFields {
  example_text: string;
  example_lang: string;
  example_vars: ExampleVar[];
  example_status: number;
}

export async function insertExample(
  db: Database,
  owner: { userId: number; commandId: number },
  fields: ExampleFields,
): Promise<ExampleRecord> {
  const row = await tablesOf(db)
    .insertInto('command_examples')
    .values({
      ...fields,
      example_vars: toJson(fields.example_vars),
      user_id: owner.userId,
      example_command_id: owner.commandId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return exampleOf(row);
}

const INSERT_CHUNK = 200;

/** Inserts many examples with few statements (copies of a whole service); answers nothing. */
export async function insertExampleRows(
  db: Database,
  rows: (ExampleFields & { userId: number; commandId: number })[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const values = rows.slice(start, start + INSERT_CHUNK).map(({ userId, commandId, ...fields }) => ({
      ...fields,
      example_vars: toJson(fields.example_vars),
      user_id: userId,
      example_command_id: commandId,
    }));
    await tablesOf(db).insertInto('command_examples').values(values).execute();
  }
}

export async function updateExample(
  db: Database,
  exampleId: number,
  fields: ExampleFields,
): Promise<ExampleRecord> {
  const row = await tablesOf(db)
    .updateTable('command_examples')
    .set({ ...fields, example_vars: toJson(fields.example_vars), updated_at: nowIso() })
    .where('_id', '=', exampleId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return exampleOf(row);
}

export async function findOwnExample(
  db: Database,
  userId: number,
  exampleId: number,
): Promise<ExampleRecord | undefined> {
  const row = await tablesOf(db)
    .selectFrom('command_examples')
    .selectAll()
    .where('_id', '=', exampleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? exampleOf(row) : undefined;
}

export async function listExamplesOfCommands(db: Database, commandIds: number[]): Promise<ExampleRecord[]> {
  if (commandIds.length === 0) return [];
  const rows = await tablesOf(db)
    .selectFrom('command_examples')
    .selectAll()
    .where('example_command_id', 'in', commandIds)
    .orderBy('example_command_id')
    .orderBy('_id')
    .execute();
  return rows.map(exampleOf);
}

/** Answers whether the owner's example existed. */
export async function setExampleStatus(
  db: Database,
  userId: number,
  exampleId: number,
  status: number,
): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('command_examples')
    .set({ example_status: status, updated_at: nowIso() })
    .where('_id', '=', exampleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteExampleRow(db: Database, exampleId: number): Promise<void> {
  await tablesOf(db).deleteFrom('command_examples').where('_id', '=', exampleId).execute();
}

export async function deleteExamplesOfCommands(db: Database, commandIds: number[]): Promise<void> {
  if (commandIds.length === 0) return;
  await tablesOf(db).deleteFrom('command_examples').where('example_command_id', 'in', commandIds).execute();
}

/** Drops a deleted variable's tags from its command's examples; answers how many examples changed. */
export async function removeVariableTags(db: Database, commandId: number, varId: number): Promise<number> {
  const examples = await listExamplesOfCommands(db, [commandId]);
  const tagged = examples.filter((example) => example.example_vars.some((tag) => tag.type === varId));
  for (const example of tagged) {
    const remaining = example.example_vars.filter((tag) => tag.type !== varId);
    await tablesOf(db)
      .updateTable('command_examples')
      .set({ example_vars: toJson(remaining), updated_at: nowIso() })
      .where('_id', '=', example._id)
      .execute();
  }
  return tagged.length;
}

/** The languages the owner uses: those of their commands and of their examples. */
export async function listOwnerLanguages(db: Database, userId: number): Promise<string[]> {
  const ofExamples = await tablesOf(db)
    .selectFrom('command_examples')
    .select('example_lang')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  const ofCommands = await db
    .withTables<{ commands: CommandsTable }>()
    .selectFrom('commands')
    .select('command_lang')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  return [
    ...new Set([...ofExamples.map((row) => row.example_lang), ...ofCommands.map((row) => row.command_lang)]),
  ];
}
