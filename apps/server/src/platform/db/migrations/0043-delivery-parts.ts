import type { AppMigration } from './column-types.ts';

/**
 * Each message once and the rest of a turn after a refusal: how often the delivery's
 * next call got no answer in time (`unanswered_tries`: the platform may have taken it; Telegram and Messenger are
 * sent it again once at most, then the delivery stops "unanswered"), the highest call WhatsApp's status webhook
 * reported sent (`part_received`: a call that got no answer is not sent again when it did), and how many calls the
 * platform refused for themselves while the rest went on (`parts_refused`).
 */
export const deliveryParts: AppMigration = {
  name: '0043_delivery_parts',
  async up(db) {
    await db.schema
      .alterTable('deliveries')
      .addColumn('unanswered_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('deliveries').addColumn('part_received', 'integer').execute();
    await db.schema
      .alterTable('deliveries')
      .addColumn('parts_refused', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
