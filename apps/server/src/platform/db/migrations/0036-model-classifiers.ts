import type { Kysely } from 'kysely';
import type { AppMigration } from './column-types.ts';
import { columnTypes } from './column-types.ts';

interface Tables {
  nlu_models: {
    id: number;
    user_id: number;
    lang: string;
    parser: string;
    model: string;
    classifier_hash: string | null;
  };
  nlu_classifiers: { user_id: number; lang: string; parser: string; hash: string; classifier: string };
}

const PAGE = 50;

/**
 * `nlu_classifiers`: a model's classifier kept apart from the rest of the model (modules/nlu/model-text.ts). It is
 * most of a model's JSON — about nine tenths for a bot of 50 commands — and changes only with a full training,
 * while every save's incremental update rewrote it with the model: 1.2 MB per update for such a bot, written with
 * the database's full sync (and on SQLite on the server's thread). The stored models are split here.
 */
export const modelClassifiers: AppMigration = {
  name: '0036_model_classifiers',
  async up(anyDb, dialect) {
    const t = columnTypes(dialect);
    await anyDb.schema
      .createTable('nlu_classifiers')
      .addColumn('user_id', t.ref, t.references('users.user_id'))
      .addColumn('lang', 'varchar(5)', (c) => c.notNull())
      .addColumn('parser', 'varchar(20)', (c) => c.notNull())
      .addColumn('hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('classifier', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, t.defaultNow)
      .addPrimaryKeyConstraint('nlu_classifiers_pk', ['user_id', 'lang', 'parser', 'hash'])
      .execute();
    await anyDb.schema.alterTable('nlu_models').addColumn('classifier_hash', 'varchar(64)').execute();

    const db = anyDb as Kysely<Tables>;
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('nlu_models')
        .select(['id', 'user_id', 'lang', 'parser', 'model'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      const last = rows.at(-1);
      if (!last) break;
      after = last.id;
      for (const row of rows) {
        const model = JSON.parse(row.model) as { classifier?: { hash?: string } | null };
        const classifier = model.classifier ?? null;
        const hash = classifier?.hash ?? null;
        if (classifier && hash) {
          await db
            .insertInto('nlu_classifiers')
            .values({
              user_id: row.user_id,
              lang: row.lang,
              parser: row.parser,
              hash,
              classifier: JSON.stringify(classifier),
            })
            .execute();
        }
        await db
          .updateTable('nlu_models')
          .set({ model: JSON.stringify({ ...model, classifier: null }), classifier_hash: hash })
          .where('id', '=', row.id)
          .execute();
      }
    }
  },
};
