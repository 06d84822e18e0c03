import type { AppMigration } from './column-types.ts';

/**
 * The messenger's identity verification (modules/widget-api/identity.ts): the chatbot's secret, sealed with
 * the server's key; empty while the owner has it off.
 */
export const identityVerification: AppMigration = {
  name: '0031_identity_verification',
  async up(db) {
    await db.schema
      .alterTable('chatbots')
      .addColumn('identity_secret', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
};
