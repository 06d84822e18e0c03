import type { AppMigration } from './column-types.ts';

/**
 * The language of a delivery's replies (the sender's, as the turn chose it), so Hiwar's own
 * words a platform needs among them — "Choose:" above buttons, WhatsApp's list button — follow the reply, not a
 * guess from its option labels; null for a notice or a delivery queued before.
 */
export const deliveryLanguages: AppMigration = {
  name: '0048_delivery_languages',
  async up(db) {
    await db.schema.alterTable('deliveries').addColumn('lang', 'varchar(5)').execute();
  },
};
