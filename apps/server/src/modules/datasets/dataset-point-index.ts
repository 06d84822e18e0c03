import { sql } from 'kysely';
import type { Database, DialectName } from '../../platform/db/database.ts';
import { WriteCache } from '../../platform/db/write-cache.ts';
import { distanceKm, EARTH_RADIUS_KM } from './dataset-record-match.ts';
import type { DatasetTables } from './dataset-tables.ts';

/**
 * The points of one location field of a dataset, kept per process for NEARBY queries: without a spatial index
 * every query would read the coordinates of all the dataset's rows (12–15 ms for 10,000 on PostgreSQL here),
 * where measuring the kept points takes well under a millisecond. Emptied by any write to the dataset tables
 * through this process; another process's writes are seen once an entry is a second old (write-cache.ts).
 */
interface PointIndex {
  ids: number[];
  lats: number[];
  lngs: number[];
}

const indexes = new WriteCache<PointIndex>({
  tables: { only: new Set(['dataset_records', 'datasets']) },
  maxAgeMs: 1000,
  maxEntries: 200,
});

function coordinateSql(dialect: DialectName, field: string, index: 0 | 1) {
  if (dialect === 'sqlite')
    return sql<number | null>`json_extract(data, ${`$."${field}".coordinates[${index}]`})`;
  const element = sql`(data -> ${field} -> 'coordinates' -> ${sql.lit(index)})`;
  return sql<
    number | null
  >`(case when jsonb_typeof(${element}) = 'number' then (${element})::text::float8 end)`;
}

async function loadPoints(
  db: Database,
  dialect: DialectName,
  dsId: number,
  field: string,
): Promise<PointIndex> {
  const rows = await db
    .withTables<DatasetTables>()
    .selectFrom('dataset_records')
    .select(['_id', coordinateSql(dialect, field, 1).as('lat'), coordinateSql(dialect, field, 0).as('lng')])
    .where('ds_id', '=', dsId)
    .execute();
  const points: PointIndex = { ids: [], lats: [], lngs: [] };
  for (const row of rows) {
    const [lat, lng] = [Number(row.lat), Number(row.lng)];
    if (row.lat === null || row.lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    points.ids.push(Number(row._id));
    points.lats.push(lat);
    points.lngs.push(lng);
  }
  return points;
}

/** The records whose point lies within `radiusKm`, nearest first (then oldest), at most `max`. */
export async function nearestRecordIds(
  db: Database,
  dialect: DialectName,
  query: { dsId: number; field: string; lat: number; lng: number; radiusKm: number; max: number },
): Promise<{ id: number; distanceKm: number }[]> {
  const points = await indexes.get(db, `${query.dsId}:${query.field}`, () =>
    loadPoints(db, dialect, query.dsId, query.field),
  );
  const within: { id: number; distanceKm: number }[] = [];
  // a point is at least EARTH_RADIUS_KM × its latitude difference (in radians) away: outside that band it is
  // farther than the radius, and measuring it is skipped (most of a dataset, for a radius of a few km)
  const latitudeBand = (query.radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI) * (1 + 1e-9);
  for (const [index, id] of points.ids.entries()) {
    const lat = points.lats[index] ?? 0;
    if (Math.abs(lat - query.lat) > latitudeBand) continue;
    const distance = distanceKm(query, { lat, lng: points.lngs[index] ?? 0 });
    if (distance <= query.radiusKm) within.push({ id, distanceKm: distance });
  }
  within.sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id);
  return within.slice(0, query.max);
}
