import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * One row per image an owner uploaded (static cards, dataset image cells): the file lives under
 * DATA_DIR/uploads/<file>; the rows let an owner's uploads be counted (a daily quota) and found.
 */
export const uploads: AppMigration = {
  name: '0014_uploads',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('uploads')
      .addColumn('upload_id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('file', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema.createIndex('uploads_owner').on('uploads').columns(['user_id', 'created_at']).execute();
  },
};
