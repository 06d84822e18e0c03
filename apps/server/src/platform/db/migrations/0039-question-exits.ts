import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * A customer can always get out of a question: the owner's own words that end a question
 * (`chatbots.chatbot_exit_words`, beside the built-in ones of each language) and how many unanswered tries a
 * variable allows before the bot stops asking (`command_vars.var_max_tries`, 3 by default).
 */
export const questionExits: AppMigration = {
  name: '0039_question_exits',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .alterTable('chatbots')
      .addColumn('chatbot_exit_words', t.json, t.jsonDefault([]))
      .execute();
    await db.schema
      .alterTable('command_vars')
      .addColumn('var_max_tries', 'integer', (c) => c.notNull().defaultTo(3))
      .execute();
  },
};
