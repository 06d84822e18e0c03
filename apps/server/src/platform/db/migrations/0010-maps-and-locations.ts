import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * An owner's maps and the named locations on them (spec part 2 §3). x, y and yaw are doubles, not text, so a
 * later "nearest locations first" can order by distance in SQL on both databases. A map's locations go with it.
 */
export const mapsAndLocations: AppMigration = {
  name: '0010_maps_and_locations',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('maps')
      .addColumn('map_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('title', 'varchar(190)', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema.createIndex('maps_owner').on('maps').columns(['user_id', 'map_id']).execute();

    await db.schema
      .createTable('locations')
      .addColumn('location_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('map_id', t.ref, t.references('maps.map_id'))
      .addColumn('title', 'varchar(190)', (c) => c.notNull())
      .addColumn('x', 'double precision', (c) => c.notNull())
      .addColumn('y', 'double precision', (c) => c.notNull())
      .addColumn('yaw', 'double precision', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('locations_owner')
      .on('locations')
      .columns(['user_id', 'location_id'])
      .execute();
    await db.schema.createIndex('locations_map').on('locations').columns(['map_id', 'location_id']).execute();
  },
};
