import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * Issue #25 item 6: what a notice may go as where a platform takes only an approved template (WhatsApp 24 hours
 * after the customer last wrote): `{kind, params}` (JSON; an order confirmation's kind and its order number),
 * null when the notice has no such form.
 */
export const noticeTemplates: AppMigration = {
  name: '0047_notice_templates',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema.alterTable('sender_notices').addColumn('template', t.json).execute();
  },
};
