import type { QualityReport } from '@hiwar/nlu';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { NluTables } from './nlu-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<NluTables>();
}

export interface StoredQualityReport {
  lang: string;
  parser: string;
  report: QualityReport;
  /** the owner's example changes the report reflects (nlu_model_state's wanted_version) */
  wantedVersion: number;
  createdAt: string;
}

/** Keeps the owner's latest report of the language. */
export async function saveQualityReport(
  db: Database,
  userId: number,
  stored: Omit<StoredQualityReport, 'createdAt'>,
): Promise<void> {
  const now = nowIso();
  const values = {
    parser: stored.parser,
    report: JSON.stringify(stored.report),
    wanted_version: stored.wantedVersion,
    created_at: now,
  };
  await tablesOf(db)
    .insertInto('nlu_quality_reports')
    .values({ user_id: userId, lang: stored.lang, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'lang']).doUpdateSet(values))
    .execute();
}

/** Drops the owner's reports of languages that are not among `langs` (their examples are gone). */
export async function dropQualityReportsBut(db: Database, userId: number, langs: string[]): Promise<void> {
  let query = tablesOf(db).deleteFrom('nlu_quality_reports').where('user_id', '=', userId);
  if (langs.length > 0) query = query.where('lang', 'not in', langs);
  await query.execute();
}

export async function listQualityReports(db: Database, userId: number): Promise<StoredQualityReport[]> {
  const rows = await tablesOf(db)
    .selectFrom('nlu_quality_reports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('lang')
    .execute();
  return rows.map((row) => ({
    lang: row.lang,
    parser: row.parser,
    report: JSON.parse(row.report) as QualityReport,
    wantedVersion: Number(row.wanted_version),
    createdAt: row.created_at,
  }));
}
