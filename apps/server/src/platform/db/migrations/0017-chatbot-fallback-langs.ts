import type { AppMigration } from './column-types.ts';

/** The chatbot's fallback message in the bot's other languages (contracts localized-text.ts), as JSON. */
export const chatbotFallbackLangs: AppMigration = {
  name: '0017_chatbot_fallback_langs',
  async up(db) {
    await db.schema
      .alterTable('chatbots')
      .addColumn('chatbot_fallback_msg_langs', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  },
};
