import type { FirstSteps } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import type { ExampleTables } from '../examples/example-tables.ts';
import type { ResponseTables } from '../responses/response-tables.ts';

/** The owner's first command that has an example (by the commands' owner index and the examples' command index). */
async function findFirstCommandWithExamples(db: Database, userId: number) {
  const row = await db
    .withTables<ExampleTables>()
    .selectFrom('commands')
    .select(['command_id', 'command_service_id'])
    .where('user_id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('command_examples')
          .select('command_examples._id')
          .whereRef('command_examples.example_command_id', '=', 'commands.command_id'),
      ),
    )
    .orderBy('command_id')
    .limit(1)
    .executeTakeFirst();
  return row ? { service_id: row.command_service_id, command_id: row.command_id } : null;
}

async function hasAnyResponse(db: Database, userId: number): Promise<boolean> {
  const row = await db
    .withTables<ResponseTables>()
    .selectFrom('command_responses')
    .select('resp_id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the dashboard's first steps read of the owner's bot: the first two steps (the third is the senders count). */
export async function readFirstSteps(db: Database, userId: number): Promise<FirstSteps> {
  const [commandWithExamples, hasResponse] = await Promise.all([
    findFirstCommandWithExamples(db, userId),
    hasAnyResponse(db, userId),
  ]);
  return { command_with_examples: commandWithExamples, has_response: hasResponse };
}
