import { type LocationFields, type LocationRecord, type MapChoice, mapMessages } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  deleteLocationRow,
  findLocationsByTitle,
  findOwnLocation,
  insertLocation,
  listLocationsPage,
  updateLocation,
} from './location-repository.ts';
import { deleteMapRow, findOwnMap, insertMap, updateMap } from './map-repository.ts';

export async function getMap(db: Database, userId: number, mapId: number): Promise<MapChoice> {
  const map = await findOwnMap(db, userId, mapId);
  if (!map) throw new AppError('not_found');
  return map;
}

/** Creates a map (id 0) or renames one of the owner's; answers its id. */
export async function saveMap(db: Database, userId: number, mapId: number, title: string): Promise<number> {
  if (mapId === 0) return insertMap(db, userId, title);
  if (!(await updateMap(db, userId, mapId, title))) throw new AppError('not_found');
  return mapId;
}

export async function deleteMap(db: Database, userId: number, mapId: number): Promise<void> {
  if (!(await deleteMapRow(db, userId, mapId))) throw new AppError('not_found');
}

/** A page of locations; map 0 lists every map of the owner's, another map must be the owner's own. */
export async function listLocations(
  db: Database,
  userId: number,
  { mapId, page }: { mapId: number; page: number },
): Promise<{ rows: LocationRecord[]; total: number }> {
  if (mapId !== 0) await getMap(db, userId, mapId);
  return listLocationsPage(db, userId, { mapId: mapId === 0 ? null : mapId, page });
}

/** The place search's answer without a geocoder: the owner's saved locations whose title contains `text`. */
export function searchLocationsByTitle(
  db: Database,
  userId: number,
  text: string,
  limit: number,
): Promise<LocationRecord[]> {
  return findLocationsByTitle(db, userId, text, limit);
}

export async function getLocation(db: Database, userId: number, locationId: number): Promise<LocationRecord> {
  const location = await findOwnLocation(db, userId, locationId);
  if (!location) throw new AppError('not_found');
  return location;
}

/**
 * Creates a location (id 0) or updates one of the owner's. Its map must be one of the owner's: another owner's
 * map id is refused under map_id exactly like an id that names no map, so the answer reveals nothing.
 */
export async function saveLocation(
  db: Database,
  userId: number,
  locationId: number,
  fields: LocationFields,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (!(await findOwnMap(trx, userId, fields.map_id)))
      throw AppError.invalidField('map_id', mapMessages.mapInvalid);
    if (locationId === 0) return insertLocation(trx, userId, fields);
    if (!(await updateLocation(trx, userId, locationId, fields))) throw new AppError('not_found');
    return locationId;
  });
}

export async function deleteLocation(db: Database, userId: number, locationId: number): Promise<void> {
  if (!(await deleteLocationRow(db, userId, locationId))) throw new AppError('not_found');
}
