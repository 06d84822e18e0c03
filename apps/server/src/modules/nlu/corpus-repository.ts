import type { ExampleVar } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { fromJson } from '../../platform/db/json.ts';
import type { ExampleTables } from '../examples/example-tables.ts';

/**
 * The training corpus, read in one query: the owner's active examples of active commands of active services.
 * This read model is the one place the NLU module looks at the examples, commands and services tables (the
 * modules' own functions would take a query per service); it never writes them.
 */
export interface CorpusExample {
  id: number;
  text: string;
  commandId: number;
  lang: string;
  vars: ExampleVar[];
}

function corpusQuery(db: Database, userId: number) {
  return db
    .withTables<ExampleTables>()
    .selectFrom('command_examples')
    .innerJoin('commands', 'commands.command_id', 'command_examples.example_command_id')
    .innerJoin('services', 'services.service_id', 'commands.command_service_id')
    .where('command_examples.user_id', '=', userId)
    .where('commands.user_id', '=', userId)
    .where('command_examples.example_status', '=', 1)
    .where('commands.command_status', '=', 1)
    .where('services.service_status', '=', 1);
}

export async function listCorpus(
  db: Database,
  userId: number,
  filter: { lang?: string; commandIds?: number[] } = {},
): Promise<CorpusExample[]> {
  let query = corpusQuery(db, userId).select([
    'command_examples._id',
    'command_examples.example_text',
    'command_examples.example_command_id',
    'command_examples.example_lang',
    'command_examples.example_vars',
  ]);
  if (filter.lang !== undefined) query = query.where('command_examples.example_lang', '=', filter.lang);
  if (filter.commandIds !== undefined) {
    if (filter.commandIds.length === 0) return [];
    query = query.where('command_examples.example_command_id', 'in', filter.commandIds);
  }
  const rows = await query.orderBy('command_examples._id').execute();
  return rows.map((row) => ({
    id: row._id,
    text: row.example_text,
    commandId: row.example_command_id,
    lang: row.example_lang,
    vars: fromJson<ExampleVar[]>(row.example_vars, []),
  }));
}

/** A message the owner marked "not for this bot" (examples/negative-examples.ts), of an active service. */
export interface NegativeCorpusExample {
  id: number;
  text: string;
  lang: string;
}

/** The owner's negative examples of active services (of one language, or all), in the order they were added. */
export async function listNegativeCorpus(
  db: Database,
  userId: number,
  filter: { lang?: string } = {},
): Promise<NegativeCorpusExample[]> {
  let query = db
    .withTables<ExampleTables>()
    .selectFrom('negative_examples')
    .innerJoin('services', 'services.service_id', 'negative_examples.service_id')
    .select(['negative_examples.id', 'negative_examples.text', 'negative_examples.lang'])
    .where('negative_examples.user_id', '=', userId)
    .where('services.service_status', '=', 1);
  if (filter.lang !== undefined) query = query.where('negative_examples.lang', '=', filter.lang);
  const rows = await query.orderBy('negative_examples.id').execute();
  return rows.map((row) => ({ id: Number(row.id), text: row.text, lang: row.lang }));
}

/** The commands a message in `lang` may match now: active, in an active service, with an active example. */
export async function listMatchableCommandIds(
  db: Database,
  userId: number,
  lang: string,
): Promise<Set<number>> {
  const rows = await corpusQuery(db, userId)
    .where('command_examples.example_lang', '=', lang)
    .select('command_examples.example_command_id')
    .distinct()
    .execute();
  return new Set(rows.map((row) => row.example_command_id));
}

/** Texts of a command's active examples (a search variable removes their words from the free text). */
export async function listCommandExampleTexts(
  db: Database,
  userId: number,
  commandId: number,
): Promise<string[]> {
  const examples = await listCorpus(db, userId, { commandIds: [commandId] });
  return examples.map((example) => example.text);
}

export interface CommandRef {
  commandId: number;
  name: string;
  serviceId: number;
}

/** The owner's commands among `commandIds` with their names and services (deleted ones are left out). */
export async function listCommandRefs(
  db: Database,
  userId: number,
  commandIds: number[],
): Promise<Map<number, CommandRef>> {
  if (commandIds.length === 0) return new Map();
  const rows = await db
    .withTables<ExampleTables>()
    .selectFrom('commands')
    .select(['command_id', 'command_name', 'command_service_id'])
    .where('user_id', '=', userId)
    .where('command_id', 'in', [...new Set(commandIds)])
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.command_id),
      {
        commandId: Number(row.command_id),
        name: row.command_name,
        serviceId: Number(row.command_service_id),
      },
    ]),
  );
}
