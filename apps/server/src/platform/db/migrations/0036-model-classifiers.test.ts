import { type Model, train } from '@hiwar/nlu';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelFromText } from '../../../modules/nlu/model-text.ts';
import { databaseBefore } from '../../../testing/migration-testing.ts';
import { testDatabaseKinds } from '../../../testing/test-databases.ts';
import type { DatabaseHandle } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';

const examples = [
  { id: '1', text: 'what is the weather today', command: '1' },
  { id: '2', text: 'will it rain tomorrow', command: '1' },
  { id: '3', text: 'i want to order a pizza', command: '2' },
  { id: '4', text: 'order food please', command: '2' },
];

describe.each(await testDatabaseKinds())('migration 0036 (classifiers apart) on $label', (kind) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const model = train(examples, { lang: 'en', parser: 'default' });

  beforeAll(async () => {
    ({ handle, drop } = await databaseBefore(kind, '0036_model_classifiers'));
    const db = handle.db;
    await sql`insert into users (username, user_email, password_hash, user_fullname) values ('m', 'm@example.com', 'x', 'M')`.execute(
      db,
    );
    await sql`insert into nlu_models (user_id, lang, parser, model, hash, version) values
      (1, 'en', 'default', ${JSON.stringify(model)}, ${model.hash}, 3),
      (1, 'de', 'default', ${JSON.stringify({ ...model, lang: 'de', classifier: null })}, 'h2', 1)`.execute(
      db,
    );
    await migrateToLatest(handle);
  });

  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it('moves each stored classifier to nlu_classifiers and leaves the model the same once joined again', async () => {
    const rows = await sql<{ lang: string; model: string; classifier_hash: string | null; version: number }>`
      select lang, model, classifier_hash, version from nlu_models order by lang`.execute(handle.db);
    const [german, english] = rows.rows;
    expect(english?.classifier_hash).toBe(model.classifier?.hash);
    expect(Number(english?.version)).toBe(3);
    expect((JSON.parse(english?.model ?? '{}') as Model).classifier).toBeNull();
    const classifiers = await sql<{ lang: string; hash: string; classifier: string }>`
      select lang, hash, classifier from nlu_classifiers`.execute(handle.db);
    expect(classifiers.rows.map((row) => [row.lang, row.hash])).toEqual([['en', model.classifier?.hash]]);
    const joined = modelFromText({
      json: english?.model ?? '',
      classifierJson: classifiers.rows[0]?.classifier ?? null,
    });
    expect(joined).toEqual(model);
    expect(german?.classifier_hash).toBeNull();
  });
});
