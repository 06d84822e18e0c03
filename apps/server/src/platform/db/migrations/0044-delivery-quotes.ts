import type { AppMigration } from './column-types.ts';

/**
 * Groups: the platform's id of the message a delivery's replies quote — in a Telegram group
 * the bot answers a member's message as a reply to it, so the group sees whom it answers.
 */
export const deliveryQuotes: AppMigration = {
  name: '0044_delivery_quotes',
  async up(db) {
    await db.schema.alterTable('deliveries').addColumn('reply_to', 'varchar(100)').execute();
  },
};
