import { sql } from 'kysely';
import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

/** The owners' trained NLU models, the values learned from tagged examples, and the durable job queue. */
export const nluModelsAndJobs: AppMigration = {
  name: '0006_nlu_models_and_jobs',
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('nlu_models')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('lang', 'varchar(5)', (c) => c.notNull())
      .addColumn('parser', 'varchar(20)', (c) => c.notNull())
      // JSON text rather than jsonb: written and read whole, never queried inside
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('trained_at', t.timestamp, t.defaultNow)
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .addUniqueConstraint('nlu_models_owner_lang_parser', ['user_id', 'lang', 'parser'])
      .execute();

    await db.schema
      .createTable('nlu_learned_values')
      .addColumn('command_id', t.ref, (c) =>
        c.primaryKey().references('commands.command_id').onDelete('cascade'),
      )
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('learned', 'text', (c) => c.notNull())
      .addColumn('updated_at', t.timestamp, t.defaultNow)
      .execute();

    await db.schema
      .createTable('jobs')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('kind', 'varchar(60)', (c) => c.notNull())
      .addColumn('user_id', t.ref, (c) => c.references('users.user_id').onDelete('cascade'))
      .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
      .addColumn('singleton_key', 'varchar(190)')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('claimed_by', 'varchar(60)')
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addColumn('started_at', t.timestamp)
      .addColumn('heartbeat_at', t.timestamp)
      .addColumn('finished_at', t.timestamp)
      .execute();
    await db.schema.createIndex('jobs_status').on('jobs').columns(['status', 'id']).execute();
    // At most one running job per owner, and one live job per singleton key: the database refuses the second.
    await db.schema
      .createIndex('jobs_one_running_per_owner')
      .on('jobs')
      .column('user_id')
      .unique()
      .where(sql<boolean>`status = 'running'`)
      .execute();
    await db.schema
      .createIndex('jobs_live_singleton')
      .on('jobs')
      .column('singleton_key')
      .unique()
      .where(sql<boolean>`status in ('queued', 'running') and singleton_key is not null`)
      .execute();
  },
};
