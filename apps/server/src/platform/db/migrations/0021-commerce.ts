import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * Commerce (modules/commerce): one cart per sender per menu, the orders a cart becomes, and the
 * notices the owner's actions leave in a sender's conversation (an order confirmed).
 */
export const commerce: AppMigration = {
  name: '0021_commerce',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('carts')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('ds_id', t.ref, t.references('datasets.ds_id'))
      .addColumn('platform', 'varchar(40)', (c) => c.notNull())
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull())
      // [{record_id, quantity, price_cents, title, image}]: the unit price taken from the menu when added
      .addColumn('items', t.json, t.jsonDefault([]))
      // bumped by every change; an order's idempotency key names the cart and the revision it was made from
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_order_id', t.ref)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('carts_sender_menu')
      .on('carts')
      .columns(['user_id', 'platform', 'sender_id', 'ds_id'])
      .unique()
      .execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('ds_id', t.ref, t.references('datasets.ds_id'))
      .addColumn('platform', 'varchar(40)', (c) => c.notNull())
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull())
      .addColumn('order_number', 'varchar(20)', (c) => c.notNull())
      .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('fullname', 'varchar(190)', (c) => c.notNull())
      .addColumn('phone', 'varchar(60)', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
      // [{record_id, title, quantity, price_cents}]
      .addColumn('items', t.json, t.jsonDefault([]))
      .addColumn('subtotal_cents', t.ref, (c) => c.notNull())
      .addColumn('tax_cents', t.ref, (c) => c.notNull())
      .addColumn('shipping_cents', t.ref, (c) => c.notNull())
      .addColumn('total_cents', t.ref, (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('payment_method', 'varchar(10)', (c) => c.notNull())
      // the sender's language when ordering: the confirmation notice speaks it
      .addColumn('lang', 'varchar(5)', (c) => c.notNull().defaultTo('en'))
      // pending → confirmed | deleted
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('orders_menu_status')
      .on('orders')
      .columns(['ds_id', 'status', 'id'])
      .execute();

    await db.schema
      .createTable('sender_notices')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('platform', 'varchar(40)', (c) => c.notNull())
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull())
      // a BotMessage as JSON
      .addColumn('message', t.json, (c) => c.notNull())
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('sender_notices_sender')
      .on('sender_notices')
      .columns(['user_id', 'platform', 'sender_id', 'id'])
      .execute();
  },
};
