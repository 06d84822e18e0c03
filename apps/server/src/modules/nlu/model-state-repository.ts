import { sql } from 'kysely';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { NluTables } from './nlu-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<NluTables>();
}

export interface ModelChangeCounts {
  wanted: number;
  live: number;
}

/** One more saved change of the owner's examples: answers the new wanted version. */
export async function markExamplesChanged(db: Database, userId: number): Promise<number> {
  const now = nowIso();
  const row = await tablesOf(db)
    .insertInto('nlu_model_state')
    .values({ user_id: userId, wanted_version: 1, live_version: 0, changed_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        wanted_version: sql<number>`nlu_model_state.wanted_version + 1`,
        changed_at: now,
      }),
    )
    .returning('wanted_version')
    .executeTakeFirstOrThrow();
  return Number(row.wanted_version);
}

/** The owner's saved and reflected change counts; both 0 before the first change. */
export async function findModelState(db: Database, userId: number): Promise<ModelChangeCounts> {
  const row = await tablesOf(db)
    .selectFrom('nlu_model_state')
    .select(['wanted_version', 'live_version'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { wanted: Number(row?.wanted_version ?? 0), live: Number(row?.live_version ?? 0) };
}

/** The live models reflect every change up to `version` (never moves back). */
export async function markModelsLive(db: Database, userId: number, version: number): Promise<void> {
  await tablesOf(db)
    .updateTable('nlu_model_state')
    .set({ live_version: version })
    .where('user_id', '=', userId)
    .where('live_version', '<', version)
    .execute();
}

/** Owners with changes no model reflects yet, saved before `changedBefore` (their update may have been lost). */
export async function listOwnersBehind(db: Database, changedBefore: string, limit = 100): Promise<number[]> {
  const rows = await tablesOf(db)
    .selectFrom('nlu_model_state')
    .select('user_id')
    .whereRef('live_version', '<', 'wanted_version')
    .where('changed_at', '<', changedBefore)
    .orderBy('changed_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}
