import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import type { AppMigration } from './column-types.ts';

/**
 * The letters a dataset query's LIKE treats as one (runtime `ds` responses): Arabic alef forms → ا, ة → ه,
 * ى → ي, German umlauts → their vowel (ä → a: "Muller" finds "Müller" and the other way round), applied to
 * the lowercase `search_text`. FOLD_DROPPED (Arabic diacritics, tatweel) are removed.
 */
export const FOLD_FROM = 'أإآٱةىäöü';
export const FOLD_TO = 'ااااهيaou';
export const FOLD_DROPPED = '\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0653\u0654\u0655\u0670\u0640';

/**
 * `search_text` folded as above, in SQL: PostgreSQL's translate (which drops the letters beyond the target's
 * length; the stored `folded_text` column below), SQLite's nested replace (for texts too short for its index).
 */
export function foldedSearchTextSql(dialect: DialectName, column: RawBuilder<unknown>): RawBuilder<string> {
  if (dialect === 'postgres') {
    return sql<string>`translate(${column}, ${sql.lit(FOLD_FROM + FOLD_DROPPED)}, ${sql.lit(FOLD_TO)})`;
  }
  let folded: RawBuilder<unknown> = column;
  for (const [index, letter] of [...FOLD_FROM].entries()) {
    folded = sql`replace(${folded}, ${sql.lit(letter)}, ${sql.lit([...FOLD_TO][index] ?? '')})`;
  }
  for (const letter of FOLD_DROPPED) folded = sql`replace(${folded}, ${sql.lit(letter)}, '')`;
  return folded as RawBuilder<string>;
}

/**
 * The folded `search_text` with a trigram index, so a dataset query's normalised LIKE ("احمد" finds "أحمد") is
 * served like the grid's keyword search (migration 0013). SQLite: a contentless FTS5 trigram table kept by
 * triggers (deleting a row's entry re-computes its folded text from the old `search_text`). PostgreSQL: a
 * stored generated column `folded_text` (the database keeps it; a LIKE over it costs what one over
 * `search_text` does, where translate() per row cost 6 times more) with a pg_trgm GIN index where pg_trgm is
 * available.
 */
export const datasetRecordsFoldedSearch: AppMigration = {
  name: '0016_dataset_records_folded_search',
  async up(db, dialect) {
    const folded = (row: string) => foldedSearchTextSql(dialect, sql.raw(`${row}search_text`));
    if (dialect === 'postgres') {
      await sql`alter table dataset_records add column folded_text text generated always as (${folded('')}) stored`.execute(
        db,
      );
      const trigrams = await sql`select 1 as found from pg_extension where extname = 'pg_trgm'`.execute(db);
      if (trigrams.rows.length === 0) return;
      await sql`create index dataset_records_folded_trgm on dataset_records using gin (folded_text gin_trgm_ops)`.execute(
        db,
      );
      return;
    }
    await sql`create virtual table dataset_records_folded using fts5(folded_text, content='', tokenize='trigram')`.execute(
      db,
    );
    await sql`insert into dataset_records_folded(rowid, folded_text) select _id, ${folded('')} from dataset_records`.execute(
      db,
    );
    await sql`create trigger dataset_records_folded_insert after insert on dataset_records begin
      insert into dataset_records_folded(rowid, folded_text) values (new._id, ${folded('new.')});
    end`.execute(db);
    await sql`create trigger dataset_records_folded_delete after delete on dataset_records begin
      insert into dataset_records_folded(dataset_records_folded, rowid, folded_text) values ('delete', old._id, ${folded('old.')});
    end`.execute(db);
    await sql`create trigger dataset_records_folded_update after update of search_text on dataset_records begin
      insert into dataset_records_folded(dataset_records_folded, rowid, folded_text) values ('delete', old._id, ${folded('old.')});
      insert into dataset_records_folded(rowid, folded_text) values (new._id, ${folded('new.')});
    end`.execute(db);
  },
};
