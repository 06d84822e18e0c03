import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * Built-in messages the owner can word: `chatbots.chatbot_texts` holds the owner's wording of
 * the texts Hiwar says itself (the cart's, the checkout's, a receipt's labels, a hand-over's…), by text and
 * language; `{}` says every default.
 */
export const botTexts: AppMigration = {
  name: '0040_bot_texts',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema.alterTable('chatbots').addColumn('chatbot_texts', t.json, t.jsonDefault({})).execute();
  },
};
