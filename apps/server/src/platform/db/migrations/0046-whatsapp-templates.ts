import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * The approved WhatsApp template a subscription channel's notification goes as to a subscriber
 * who has not written in 24 hours (`{name, language, params}`, JSON; null: none, and such a subscriber's send
 * fails with that reason).
 */
export const whatsappTemplates: AppMigration = {
  name: '0046_whatsapp_templates',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema.alterTable('subscription_channels').addColumn('whatsapp_template', t.json).execute();
  },
};
