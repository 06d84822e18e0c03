import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * `negative_examples`: messages the owner marked "not for this bot" from a conversation's transcript.
 * Each belongs to the service whose command wrongly answered it — listed and removable on that service's
 * examples card, gone with the service — and trains the owner's model of its language to reject such messages.
 */
export const negativeExamples: AppMigration = {
  name: '0037_negative_examples',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('negative_examples')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('service_id', t.ref, t.references('services.service_id'))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('lang', 'varchar(5)', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('negative_examples_owner_lang')
      .on('negative_examples')
      .columns(['user_id', 'lang'])
      .execute();
    await db.schema
      .createIndex('negative_examples_service')
      .on('negative_examples')
      .columns(['service_id', 'id'])
      .execute();
  },
};
