import { type LocationFields, type LocationRecord, PAGE_SIZE } from '@hiwar/contracts';
import { sql } from 'kysely';
import { containsKeywords, offsetOf } from '../../kernel/list-paging.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { MapTables } from './map-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<MapTables>();
}

/** Locations joined to their map, so each row carries `map: {_id, title}` as the spec's list shows. */
function locationsWithMap(db: Database, userId: number) {
  return tablesOf(db)
    .selectFrom('locations')
    .innerJoin('maps', 'maps.map_id', 'locations.map_id')
    .where('locations.user_id', '=', userId);
}

const columns = [
  'locations.location_id as _id',
  'locations.title',
  'locations.map_id',
  'maps.title as map_title',
  'locations.x',
  'locations.y',
  'locations.yaw',
] as const;

type LocationRow = Omit<LocationRecord, 'map'> & { map_title: string };

function recordOf({ map_title, ...row }: LocationRow): LocationRecord {
  // PostgreSQL answers double precision as numbers already; Number() keeps SQLite's integers-as-reals alike.
  return {
    ...row,
    x: Number(row.x),
    y: Number(row.y),
    yaw: Number(row.yaw),
    map: { _id: row.map_id, title: map_title },
  };
}

/** One page of the owner's locations, newest first; `mapId` null means on every map. */
export async function listLocationsPage(
  db: Database,
  userId: number,
  { mapId, page }: { mapId: number | null; page: number },
): Promise<{ rows: LocationRecord[]; total: number }> {
  let query = locationsWithMap(db, userId);
  if (mapId !== null) query = query.where('locations.map_id', '=', mapId);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .select(columns)
    .orderBy('locations.location_id', 'desc')
    .limit(PAGE_SIZE)
    .offset(offsetOf(page))
    .execute();
  return { rows: rows.map(recordOf), total: Number(counted.count) };
}

export interface NearestLocationsQuery {
  /** only the map with this title (compared without case); null: every map of the owner */
  mapTitle: string | null;
  /** the point to measure from, in the maps' own x/y plane; null: no order by distance (oldest first) */
  origin: { x: number; y: number } | null;
  limit: number;
}

/**
 * The owner's locations nearest first: ordered by the plain (Euclidean) distance between (x, y) and the origin
 * in the map's own units, which the database computes from the stored doubles; ties and no origin go oldest first.
 */
export async function findNearestLocations(
  db: Database,
  userId: number,
  { mapTitle, origin, limit }: NearestLocationsQuery,
): Promise<LocationRecord[]> {
  let query = locationsWithMap(db, userId).select(columns);
  if (mapTitle !== null) query = query.where(sql<boolean>`lower(maps.title) = lower(${mapTitle})`);
  if (origin !== null) {
    const dx = sql`locations.x - ${origin.x}`;
    const dy = sql`locations.y - ${origin.y}`;
    query = query.orderBy(sql`(${dx}) * (${dx}) + (${dy}) * (${dy})`);
  }
  const rows = await query.orderBy('locations.location_id').limit(limit).execute();
  return rows.map(recordOf);
}

/** The owner's locations, on every map, whose title contains `text` in any case; by title, at most `limit`. */
export async function findLocationsByTitle(
  db: Database,
  userId: number,
  text: string,
  limit: number,
): Promise<LocationRecord[]> {
  const rows = await locationsWithMap(db, userId)
    .select(columns)
    .where(containsKeywords('locations.title', text))
    .orderBy(sql`lower(locations.title)`)
    .orderBy('locations.location_id')
    .limit(limit)
    .execute();
  return rows.map(recordOf);
}

export async function findOwnLocation(
  db: Database,
  userId: number,
  locationId: number,
): Promise<LocationRecord | undefined> {
  const row = await locationsWithMap(db, userId)
    .select(columns)
    .where('locations.location_id', '=', locationId)
    .executeTakeFirst();
  return row && recordOf(row);
}

export async function insertLocation(db: Database, userId: number, fields: LocationFields): Promise<number> {
  const row = await tablesOf(db)
    .insertInto('locations')
    .values({ ...fields, user_id: userId })
    .returning('location_id')
    .executeTakeFirstOrThrow();
  return row.location_id;
}

/** Updates one of the owner's locations; answers false when the id is not one of them. */
export async function updateLocation(
  db: Database,
  userId: number,
  locationId: number,
  fields: LocationFields,
): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('locations')
    .set({ ...fields, updated_at: nowIso() })
    .where('location_id', '=', locationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteLocationRow(db: Database, userId: number, locationId: number): Promise<boolean> {
  const result = await tablesOf(db)
    .deleteFrom('locations')
    .where('location_id', '=', locationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
