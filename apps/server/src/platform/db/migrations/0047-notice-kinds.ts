import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * What a notice is (`about`, JSON `{kind, params}`: an order confirmed with its number, a person's reply
 * during a hand-over), so a platform can send it as it must outside its messaging window — WhatsApp an order
 * confirmation as the owner's approved template, Messenger a person's reply with the HUMAN_AGENT tag; null for
 * other notices.
 */
export const noticeKinds: AppMigration = {
  name: '0047_notice_kinds',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema.alterTable('sender_notices').addColumn('about', t.json).execute();
  },
};
