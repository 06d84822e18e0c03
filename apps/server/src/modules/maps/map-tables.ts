import type { Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../platform/db/tables.ts';

/** `maps` (migration 0010): an owner's named map. */
export interface MapsTable {
  map_id: Generated<number>;
  user_id: number;
  title: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** `locations` (migration 0010): a named point on one of the owner's maps; x, y and yaw are doubles. */
export interface LocationsTable {
  location_id: Generated<number>;
  user_id: number;
  map_id: number;
  title: string;
  x: number;
  y: number;
  yaw: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type MapTables = {
  maps: MapsTable;
  locations: LocationsTable;
};
