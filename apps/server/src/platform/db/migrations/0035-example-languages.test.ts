import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../testing/migration-testing.ts';
import { testDatabaseKinds } from '../../../testing/test-databases.ts';
import type { DatabaseHandle } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';

describe.each(await testDatabaseKinds())('migration 0035 (example languages) on $label', (kind) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, drop } = await databaseBefore(kind, '0035_example_languages'));
    const db = handle.db;
    for (const name of ['a', 'b', 'c'])
      await sql`insert into users (username, user_email, password_hash, user_fullname) values (${name}, ${`${name}@example.com`}, 'x', ${name})`.execute(
        db,
      );
    await sql`insert into services (user_id, service_name) values (1, 's1'), (2, 's2'), (3, 's3')`.execute(
      db,
    );
    await sql`insert into commands (user_id, command_service_id, command_name, command_lang) values (1, 1, 'hours', 'en'), (2, 2, 'zeiten', 'de'), (3, 3, 'hours', 'en')`.execute(
      db,
    );
    // owner 1: Arabic stored as English; owner 2: Arabic stored as German, already with a model state; owner 3: none
    await sql`insert into command_examples (user_id, example_command_id, example_text, example_lang) values
      (1, 1, 'when are you open', 'en'), (1, 1, 'متى تفتحون', 'en'), (1, 1, 'ما هي ساعات العمل', 'ar'),
      (2, 2, 'wann habt ihr offen', 'de'), (2, 2, 'مواعيد العمل', 'de'),
      (3, 3, 'opening hours please', 'en')`.execute(db);
    await sql`insert into nlu_model_state (user_id, wanted_version, live_version) values (2, 4, 4), (3, 2, 2)`.execute(
      db,
    );
    await migrateToLatest(handle);
  });

  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it('re-labels Arabic text stored as English or German, and nothing else', async () => {
    const rows = await sql<{ example_text: string; example_lang: string }>`
      select example_text, example_lang from command_examples order by _id`.execute(handle.db);
    expect(rows.rows.map((row) => [row.example_text, row.example_lang])).toEqual([
      ['when are you open', 'en'],
      ['متى تفتحون', 'ar'],
      ['ما هي ساعات العمل', 'ar'],
      ['wann habt ihr offen', 'de'],
      ['مواعيد العمل', 'ar'],
      ['opening hours please', 'en'],
    ]);
  });

  it('marks the models of the owners concerned as behind their examples, so they are updated', async () => {
    const rows = await sql<{ user_id: number; wanted_version: number; live_version: number }>`
      select user_id, wanted_version, live_version from nlu_model_state order by user_id`.execute(handle.db);
    expect(
      rows.rows.map((row) => [Number(row.user_id), Number(row.wanted_version), Number(row.live_version)]),
    ).toEqual([
      [1, 1, 0],
      [2, 5, 4],
      [3, 2, 2],
    ]);
  });
});
