import type { AppMigration } from './column-types.ts';

/**
 * A menu's currency (EGP, RSA, USD) and receipt payment method (cash, visa), beside ds_tax and ds_shipping
 * (modules/commerce). Every dataset gets the spec's defaults; a plain dataset never reads them.
 */
export const menuCurrencyPayment: AppMigration = {
  name: '0022_menu_currency_payment',
  async up(db) {
    await db.schema
      .alterTable('datasets')
      .addColumn('ds_currency', 'varchar(8)', (c) => c.notNull().defaultTo('EGP'))
      .execute();
    await db.schema
      .alterTable('datasets')
      .addColumn('ds_payment_method', 'varchar(16)', (c) => c.notNull().defaultTo('cash'))
      .execute();
  },
};
