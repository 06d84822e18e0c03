import { type MapChoice, type MapRecord, PAGE_SIZE } from '@hiwar/contracts';
import { containsKeywords, offsetOf } from '../../kernel/list-paging.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { MapTables } from './map-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<MapTables>();
}

/** One page of the owner's maps, newest first, with how many locations each holds. */
export async function listMapsPage(
  db: Database,
  userId: number,
  { page, keyword }: { page: number; keyword: string },
): Promise<{ rows: MapRecord[]; total: number }> {
  let query = tablesOf(db).selectFrom('maps').where('maps.user_id', '=', userId);
  if (keyword !== '') query = query.where(containsKeywords('maps.title', keyword));
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select((eb) => [
      'maps.map_id as _id',
      'maps.title',
      eb
        .selectFrom('locations')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('locations.map_id', '=', 'maps.map_id')
        .as('locations_count'),
    ])
    .orderBy('maps.map_id', 'desc')
    .limit(PAGE_SIZE)
    .offset(offsetOf(page))
    .execute();
  return {
    rows: rows.map((row) => ({ ...row, locations_count: Number(row.locations_count ?? 0) })),
    total: Number(counted.count),
  };
}

/** Every map of the owner, by title, for the location form's selector. */
export function listMapChoices(db: Database, userId: number): Promise<MapChoice[]> {
  return tablesOf(db)
    .selectFrom('maps')
    .select(['map_id as _id', 'title'])
    .where('user_id', '=', userId)
    .orderBy('title')
    .orderBy('map_id')
    .execute();
}

export function findOwnMap(db: Database, userId: number, mapId: number): Promise<MapChoice | undefined> {
  return tablesOf(db)
    .selectFrom('maps')
    .select(['map_id as _id', 'title'])
    .where('map_id', '=', mapId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertMap(db: Database, userId: number, title: string): Promise<number> {
  const row = await tablesOf(db)
    .insertInto('maps')
    .values({ user_id: userId, title })
    .returning('map_id')
    .executeTakeFirstOrThrow();
  return row.map_id;
}

/** Renames one of the owner's maps; answers false when the id is not one of them. */
export async function updateMap(
  db: Database,
  userId: number,
  mapId: number,
  title: string,
): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('maps')
    .set({ title, updated_at: nowIso() })
    .where('map_id', '=', mapId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes one of the owner's maps (its locations go with it, ON DELETE CASCADE). */
export async function deleteMapRow(db: Database, userId: number, mapId: number): Promise<boolean> {
  const result = await tablesOf(db)
    .deleteFrom('maps')
    .where('map_id', '=', mapId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
