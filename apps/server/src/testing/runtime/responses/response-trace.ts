import type { RuntimeTables } from '../../../modules/runtime/runtime-tables.ts';
import type { TestServer } from '../../test-server.ts';

/** The `response` step's note in a stored turn's trace: what the executor did, or why it failed. */
export async function responseNoteOf(server: TestServer, turnId: number): Promise<string> {
  const turn = await server.database.db
    .withTables<RuntimeTables>()
    .selectFrom('conversation_turns')
    .select('trace')
    .where('id', '=', turnId)
    .executeTakeFirstOrThrow();
  const steps = JSON.parse(turn.trace) as { step: string; note: string }[];
  return steps.find((step) => step.step === 'response')?.note ?? '';
}
