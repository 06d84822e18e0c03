import { sql } from 'kysely';
import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/**
 * The owner's view of the conversations (modules/inbox and its README).
 *
 * - `conversation_turns` learns each turn's language, whether the bot understood it (`not_understood`: the
 *   chatbot fallback answered a typed message), the commands it nearly chose (`candidates`, only then), and the
 *   sender's text folded for search (`search_text`: lower case, Arabic letter forms and marks, umlauts). Indexes
 *   for the lists: the owner's turns newest first, by command, by day, and the not-understood ones (partial).
 *   Search: SQLite an FTS5 trigram table (contentless, kept by a trigger; test turns are not indexed), PostgreSQL
 *   a pg_trgm GIN index where the extension exists (0013 created it where it may be).
 * - `senders` becomes the conversations list: its last turn, text, language and time and its number of turns,
 *   written with each turn.
 * - `inbox_groups`/`inbox_messages`: the not-understood messages grouped by similarity; `inbox_progress` is how
 *   far each owner's turns have been grouped and counted into `traffic_days` (both are brought up to date when
 *   read, so storing a turn costs nothing more).
 * - `handoffs`: a sender handed over to a person (cs_connect) until given back; one open per sender.
 */
export const inbox: AppMigration = {
  name: '0027_inbox',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const isPostgres = dialect === 'postgres';
    const flag = isPostgres ? 'smallint' : 'integer';
    await db.schema.alterTable('conversation_turns').addColumn('lang', 'varchar(5)').execute();
    await db.schema
      .alterTable('conversation_turns')
      .addColumn('not_understood', flag, (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('conversation_turns').addColumn('candidates', 'text').execute();
    await db.schema
      .alterTable('conversation_turns')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createIndex('conversation_turns_owner')
      .on('conversation_turns')
      .columns(['user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('conversation_turns_owner_command')
      .on('conversation_turns')
      .columns(['user_id', 'command_id', 'id'])
      .execute();
    await db.schema
      .createIndex('conversation_turns_owner_day')
      .on('conversation_turns')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('conversation_turns_not_understood')
      .on('conversation_turns')
      .columns(['user_id', 'id'])
      .where(sql.ref('not_understood'), '=', 1)
      .execute();
    if (isPostgres) {
      const trigrams = await sql`select 1 as found from pg_extension where extname = 'pg_trgm'`.execute(db);
      if (trigrams.rows.length > 0) {
        await sql`create index conversation_turns_search_trgm on conversation_turns using gin (search_text gin_trgm_ops) with (gin_pending_list_limit = 256)`.execute(
          db,
        );
      }
    } else {
      await sql`create virtual table conversation_turns_search using fts5(search_text, content='', tokenize='trigram')`.execute(
        db,
      );
      await sql`create trigger conversation_turns_search_insert after insert on conversation_turns
        when new.search_text <> '' begin
        insert into conversation_turns_search(rowid, search_text) values (new.id, new.search_text);
      end`.execute(db);
    }

    for (const [column, type] of [
      ['last_turn_id', t.ref],
      ['last_at', t.timestamp],
      ['last_lang', 'varchar(5)'],
    ] as const) {
      await db.schema.alterTable('senders').addColumn(column, type).execute();
    }
    await db.schema
      .alterTable('senders')
      .addColumn('last_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('senders')
      .addColumn('turns_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('senders_owner_last_turn')
      .on('senders')
      .columns(['user_id', 'last_turn_id'])
      .execute();

    await db.schema
      .createTable('inbox_groups')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('lang', 'varchar(5)', (c) => c.notNull())
      /** the first message's folded words: what later messages are compared with */
      .addColumn('words', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
      .addColumn('messages_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('candidates', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('last_turn_id', t.ref, (c) => c.notNull())
      .addColumn('last_at', t.timestamp, (c) => c.notNull())
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();
    await db.schema
      .createIndex('inbox_groups_owner_status')
      .on('inbox_groups')
      .columns(['user_id', 'status', 'last_turn_id'])
      .execute();
    await db.schema
      .createTable('inbox_messages')
      .addColumn('turn_id', t.ref, (c) => c.primaryKey())
      .addColumn('group_id', t.ref, t.references('inbox_groups.id'))
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .execute();
    await db.schema
      .createIndex('inbox_messages_group')
      .on('inbox_messages')
      .columns(['group_id', 'turn_id'])
      .execute();
    await db.schema
      .createTable('inbox_progress')
      .addColumn('user_id', t.ref, (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
      .addColumn('grouped_until', t.ref, (c) => c.notNull().defaultTo(0))
      .addColumn('counted_until', t.ref, (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('traffic_days')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('lang', 'varchar(5)', (c) => c.notNull())
      .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('understood', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('traffic_days_owner_day_lang', ['user_id', 'day', 'lang'])
      .execute();

    await db.schema
      .createTable('handoffs')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('platform', 'varchar(40)', (c) => c.notNull())
      .addColumn('sender_id', 'varchar(190)', (c) => c.notNull())
      .addColumn('department_id', t.ref)
      .addColumn('department_name', 'varchar(190)')
      /** waiting (nobody answered yet), active (a person answered), closed */
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('waiting'))
      .addColumn('chatwoot_conversation_id', t.ref)
      .addColumn('started_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('closed_at', t.timestamp)
      .addColumn('closed_reason', 'varchar(20)')
      .execute();
    await db.schema
      .createIndex('handoffs_open_sender')
      .on('handoffs')
      .columns(['user_id', 'platform', 'sender_id'])
      .unique()
      .where(sql.ref('status'), '<>', 'closed')
      .execute();
    await db.schema
      .createIndex('handoffs_open_expiry')
      .on('handoffs')
      .columns(['status', 'expires_at'])
      .execute();
    await db.schema
      .createIndex('handoffs_chatwoot')
      .on('handoffs')
      .columns(['user_id', 'chatwoot_conversation_id'])
      .execute();
  },
};
