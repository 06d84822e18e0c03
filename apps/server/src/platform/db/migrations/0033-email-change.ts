import type { AppMigration } from './column-types.ts';

/**
 * A change of email waiting for its confirmation (SIGNUP=verify, modules/users/email-change.ts): the new
 * address, the hash of the code mailed to it, and when it was asked.
 */
export const emailChange: AppMigration = {
  name: '0033_email_change',
  async up(db) {
    for (const column of ['pending_email', 'pending_email_code', 'pending_email_at']) {
      await db.schema.alterTable('users').addColumn(column, 'text').execute();
    }
  },
};
