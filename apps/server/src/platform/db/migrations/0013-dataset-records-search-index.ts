import { sql } from 'kysely';
import type { AppMigration } from './column-types.ts';

/**
 * An index for the records grid's keyword search, which matches any part of a record's text (`%keywords%`), so
 * a B-tree cannot serve it. SQLite: an FTS5 trigram table over `search_text` (external content, kept by
 * triggers). PostgreSQL: a pg_trgm GIN index; where the extension may not be created (pg_trgm is trusted from
 * PostgreSQL 13, so a database owner may), the search still works by scanning the dataset's rows.
 */
export const datasetRecordsSearchIndex: AppMigration = {
  name: '0013_dataset_records_search_index',
  async up(db, dialect) {
    if (dialect === 'postgres') {
      await sql`savepoint dataset_records_trgm`.execute(db);
      try {
        await sql`create extension if not exists pg_trgm`.execute(db);
      } catch {
        await sql`rollback to savepoint dataset_records_trgm`.execute(db);
        return;
      }
      await sql`create index dataset_records_search_trgm on dataset_records using gin (search_text gin_trgm_ops)`.execute(
        db,
      );
      return;
    }
    await sql`create virtual table dataset_records_fts using fts5(search_text, content='dataset_records', content_rowid='_id', tokenize='trigram')`.execute(
      db,
    );
    await sql`insert into dataset_records_fts(dataset_records_fts) values ('rebuild')`.execute(db);
    await sql`create trigger dataset_records_fts_insert after insert on dataset_records begin
      insert into dataset_records_fts(rowid, search_text) values (new._id, new.search_text);
    end`.execute(db);
    await sql`create trigger dataset_records_fts_delete after delete on dataset_records begin
      insert into dataset_records_fts(dataset_records_fts, rowid, search_text) values ('delete', old._id, old.search_text);
    end`.execute(db);
    await sql`create trigger dataset_records_fts_update after update of search_text on dataset_records begin
      insert into dataset_records_fts(dataset_records_fts, rowid, search_text) values ('delete', old._id, old.search_text);
      insert into dataset_records_fts(rowid, search_text) values (new._id, new.search_text);
    end`.execute(db);
  },
};
