import { sql } from 'kysely';
import type { AppMigration } from './column-types.ts';

/** The pg_trgm indexes of dataset records (migrations 0013 and 0016), where pg_trgm could be created. */
export const TRIGRAM_INDEXES = ['dataset_records_search_trgm', 'dataset_records_folded_trgm'];

/** A GIN index's pending list, in kB, before the inserting session merges it into the index (default 4 MB). */
const PENDING_LIST_KB = 256;

/**
 * PostgreSQL: the records' trigram indexes keep a short pending list. GIN queues new entries in a list that
 * every query reads through in full until it is merged (by autovacuum, or by an insert that finds it over the
 * limit). A bulk import of 10,000 records left 277 pages there: the planner then costed the index above a scan of
 * the whole table (1,176 against 560) and a dataset query's LIKE read every record (3–5 ms for 10,000, 20–50 ms
 * under load) instead of the index (0.1 ms once merged). Turning the list off instead made that import 10 times
 * slower (1.0 → 10.2 s). With 256 kB a query reads at most ~32 pages of it; an import merges what it leaves
 * (refreshRecordStatistics). The existing lists are merged here. SQLite's FTS tables need nothing.
 */
export const datasetRecordsTrigramPendingList: AppMigration = {
  name: '0020_dataset_records_trigram_pending_list',
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    for (const index of TRIGRAM_INDEXES) {
      const found =
        await sql`select 1 as found from pg_class where relname = ${index} and relkind = 'i'`.execute(db);
      if (found.rows.length === 0) continue;
      await sql`alter index ${sql.id(index)} set (gin_pending_list_limit = ${sql.lit(PENDING_LIST_KB)})`.execute(
        db,
      );
      await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
    }
  },
};
