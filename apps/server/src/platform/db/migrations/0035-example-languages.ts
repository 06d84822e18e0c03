import type { Kysely } from 'kysely';
import { nowIso } from '../clock.ts';
import type { AppMigration } from './column-types.ts';

/** Arabic letters (the NLU's own test for an Arabic message, packages/nlu text/language.ts). */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
const PAGE = 1000;

interface Tables {
  command_examples: { _id: number; user_id: number; example_text: string; example_lang: string };
  nlu_model_state: { user_id: number; wanted_version: number; live_version: number; changed_at: string };
}

/** Marks the owner's models as behind their examples: the sweeper (modules/nlu/model-sweeper.ts) updates them. */
async function markChanged(db: Kysely<Tables>, userId: number): Promise<void> {
  const now = nowIso();
  const state = await db
    .selectFrom('nlu_model_state')
    .select('wanted_version')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (state) {
    await db
      .updateTable('nlu_model_state')
      .set({ wanted_version: Number(state.wanted_version) + 1, changed_at: now })
      .where('user_id', '=', userId)
      .execute();
    return;
  }
  await db
    .insertInto('nlu_model_state')
    .values({ user_id: userId, wanted_version: 1, live_version: 0, changed_at: now })
    .execute();
}

/**
 * Until now a new example took its command's language, so Arabic examples of an English or German command were
 * stored as `en`/`de`: the bot never counted Arabic among its languages and Arabic senders got the other reply.
 * An example's language is now the one its text is written in (modules/examples/save-examples.ts); this
 * re-labels the stored examples whose Arabic script contradicts their language, and marks their owners' models
 * as behind, so every server's sweeper brings them in line (an Arabic model, the examples gone from the other).
 */
export const exampleLanguages: AppMigration = {
  name: '0035_example_languages',
  async up(anyDb) {
    const db = anyDb as Kysely<Tables>;
    const owners = new Set<number>();
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('command_examples')
        .select(['_id', 'user_id', 'example_text'])
        .where('example_lang', 'in', ['en', 'de'])
        .where('_id', '>', after)
        .orderBy('_id')
        .limit(PAGE)
        .execute();
      const last = rows.at(-1);
      if (!last) break;
      after = last._id;
      const arabic = rows.filter((row) => ARABIC_SCRIPT.test(row.example_text));
      if (arabic.length === 0) continue;
      await db
        .updateTable('command_examples')
        .set({ example_lang: 'ar' })
        .where(
          '_id',
          'in',
          arabic.map((row) => row._id),
        )
        .execute();
      for (const row of arabic) owners.add(row.user_id);
    }
    for (const userId of owners) await markChanged(db, userId);
  },
};
