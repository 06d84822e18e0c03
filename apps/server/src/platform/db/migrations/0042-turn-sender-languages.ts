import type { AppMigration } from './column-types.ts';

/**
 * Numbers that agree: the language a customer wrote a message in (`sender_lang`, what
 * Hiwar's own words follow), beside the language the bot read it in (`lang`, one of the bot's: an English
 * message to an Arabic-only bot is read as Arabic). The dashboard's, the conversations' and the transcript's
 * language labels say the customer's; turns stored before say the bot's.
 */
export const turnSenderLanguages: AppMigration = {
  name: '0042_turn_sender_languages',
  async up(db) {
    await db.schema.alterTable('conversation_turns').addColumn('sender_lang', 'varchar(5)').execute();
  },
};
