import { PAGE_SIZE } from '@hiwar/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { containsKeywords, offsetOf } from '../../kernel/list-paging.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { DataSourcesTable, DataSourceTables } from './data-source-tables.ts';

export type DataSourceRow = Selectable<DataSourcesTable>;
export type DataSourceColumns = Omit<Insertable<DataSourcesTable>, 'data_source_id' | 'user_id'>;

/** The only place with SQL for `data_sources`; every query filters by owner. */
function dataSourcesOf(db: Database) {
  return db.withTables<DataSourceTables>();
}

export async function insertDataSource(
  db: Database,
  userId: number,
  columns: DataSourceColumns,
): Promise<number> {
  const row = await dataSourcesOf(db)
    .insertInto('data_sources')
    .values({ ...columns, user_id: userId })
    .returning('data_source_id')
    .executeTakeFirstOrThrow();
  return row.data_source_id;
}

export async function updateDataSource(
  db: Database,
  userId: number,
  dataSourceId: number,
  columns: Updateable<DataSourcesTable>,
): Promise<boolean> {
  const result = await dataSourcesOf(db)
    .updateTable('data_sources')
    .set({ ...columns, updated_at: nowIso() })
    .where('data_source_id', '=', dataSourceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findOwnDataSource(
  db: Database,
  userId: number,
  dataSourceId: number,
): Promise<DataSourceRow | undefined> {
  return dataSourcesOf(db)
    .selectFrom('data_sources')
    .selectAll()
    .where('data_source_id', '=', dataSourceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteOwnDataSource(
  db: Database,
  userId: number,
  dataSourceId: number,
): Promise<boolean> {
  const result = await dataSourcesOf(db)
    .deleteFrom('data_sources')
    .where('data_source_id', '=', dataSourceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** One page of the owner's data sources, newest first, filtered by keywords in the name, host or database. */
export async function listDataSourcesPage(
  db: Database,
  userId: number,
  { page, search }: { page: number; search: string },
): Promise<{ rows: DataSourceRow[]; total: number }> {
  let query = dataSourcesOf(db).selectFrom('data_sources').where('user_id', '=', userId);
  if (search !== '') {
    query = query.where((eb) =>
      eb.or([
        containsKeywords('name', search),
        containsKeywords('host', search),
        containsKeywords('dbname', search),
      ]),
    );
  }
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('data_source_id', 'desc')
    .limit(PAGE_SIZE)
    .offset(offsetOf(page))
    .execute();
  return { rows, total: Number(counted.count) };
}

/** Every active data source of the owner, by name (the response editor's picker). */
export function listActiveDataSources(db: Database, userId: number): Promise<DataSourceRow[]> {
  return dataSourcesOf(db)
    .selectFrom('data_sources')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('data_source_id')
    .execute();
}
