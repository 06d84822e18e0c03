import { addExample, type Model, predict, train } from '@hiwar/nlu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobTables } from '../../platform/jobs/job-tables.ts';
import { registerAndLogin } from '../../testing/accounts.ts';
import { createCommand, createService } from '../../testing/services/authoring-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { callServer, startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { ExampleTables } from '../examples/example-tables.ts';
import { modules as appModules } from '../index.ts';
import { findModelRow, writeModel } from './model-repository.ts';
import { loadAnsweringModel, loadModel } from './model-store.ts';
import { modelFromText, textOfModel } from './model-text.ts';
import { isUpdatingModels } from './model-updates.ts';
import { createNluModule } from './nlu-module.ts';
import type { NluTables } from './nlu-tables.ts';
import { withOwnerLock } from './owner-lock.ts';

const TOPICS = [
  'pizza',
  'invoice',
  'password',
  'parcel',
  'refund',
  'weather',
  'hotel',
  'flight',
  'taxi',
  'doctor',
  'salary',
  'printer',
  'garden',
  'guitar',
  'bicycle',
  'passport',
  'insurance',
  'mortgage',
  'library',
  'museum',
  'football',
  'recipe',
  'vaccine',
  'laptop',
  'battery',
  'umbrella',
  'wedding',
  'funeral',
  'tattoo',
  'haircut',
  'dentist',
  'plumber',
  'electrician',
  'locksmith',
  'carpet',
  'window',
  'kitchen',
  'bathroom',
  'roof',
  'fence',
  'puppy',
  'kitten',
  'aquarium',
  'telescope',
  'camera',
  'piano',
  'violin',
  'tennis',
  'skiing',
  'yoga',
];

/** Five phrasings per topic: a bot of 50 commands × 5 examples. */
function examplesOf(topic: string): string[] {
  return [
    `i have a question about my ${topic}`,
    `can you help me with the ${topic}`,
    `${topic} please`,
    `tell me more about ${topic}`,
    `what do you know about the ${topic}`,
  ];
}

const NEW_TEXT = 'the harbour ferry leaves at dawn';

describe.each(await testDatabaseKinds())('model updates in the background on $label', (kind) => {
  let server: TestServer;
  let owner: { token: string; userId: number };
  const commandIds: number[] = [];

  // the sweeper looks every 100 ms for changes older than 300 ms that no model reflects; the recalibrating
  // refresh follows once the owner has not saved for REFRESH_QUIET_MS
  const REFRESH_QUIET_MS = 800;
  const modules = appModules.map((module) =>
    module.name === 'nlu'
      ? createNluModule({
          jobPollMs: 50,
          streamTimings: { checkMs: 100, heartbeatMs: 15_000 },
          sweeperTimings: { everyMs: 100, graceMs: 300 },
          refreshQuietMs: REFRESH_QUIET_MS,
        })
      : module,
  );

  beforeAll(async () => {
    server = await startTestServer(kind, {}, modules);
    owner = await registerAndLogin(server);
    const serviceId = await createService(server, owner.token);
    for (const topic of TOPICS)
      commandIds.push(
        await createCommand(server, owner.token, serviceId, { command_name: topic, command_lang: 'en' }),
      );
    const examples = TOPICS.flatMap((topic, index) =>
      examplesOf(topic).map((text) => ({ example_command_id: commandIds[index], example_text: text })),
    );
    const saved = await server.call('POST', '/api/command_example/save_all', {
      token: owner.token,
      body: { examples },
    });
    expect(saved.json.status).toBe(1);
  }, 60_000);

  afterAll(async () => {
    await server.close();
  });

  /** Without the test server's wait for model updates: what an owner's browser sees. */
  const call = (method: string, path: string, body?: unknown) =>
    callServer(server.url, method, `/api${path}`, {
      token: owner.token,
      ...(body !== undefined && { body }),
    });
  const modelState = async () => (await call('GET', '/command_example/check-if-free')).json.model;
  const matchedCommand = async (message: string) =>
    (await call('GET', `/debug?message=${encodeURIComponent(message)}`)).json.data.matched_command
      ?.command_id as number | undefined;
  const versions = async () =>
    (
      await server.database.db
        .withTables<NluTables>()
        .selectFrom('nlu_models')
        .select('version')
        .where('user_id', '=', owner.userId)
        .execute()
    ).map((row) => row.version);

  async function until(condition: () => Promise<boolean>, withinMs: number): Promise<number> {
    const started = Date.now();
    while (!(await condition())) {
      if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Date.now() - started;
  }

  /** Holds the owner's model writes (as an update in progress would) from when it answers until released. */
  async function holdModelUpdates(): Promise<() => void> {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await new Promise<void>((holding) => {
      void withOwnerLock(server.database.db, owner.userId, () => {
        holding();
        return held;
      });
    });
    return release;
  }

  it('answers the save before the model is updated, says "updating" meanwhile, and uses the example within 2 s', async () => {
    expect(await modelState()).toBe('up_to_date');
    const target = commandIds[TOPICS.indexOf('taxi')] as number;
    expect(await matchedCommand(NEW_TEXT)).not.toBe(target);

    const release = await holdModelUpdates();
    const saved = await call('POST', '/command_example/save_example', {
      example_command_id: target,
      example_text: NEW_TEXT,
    });
    expect(saved.json.status).toBe(1);
    expect(await modelState()).toBe('updating');
    // conversations keep answering from the live model meanwhile
    expect(await matchedCommand(NEW_TEXT)).not.toBe(target);
    release();

    const savedAt = Date.now();
    await until(async () => (await matchedCommand(NEW_TEXT)) === target, 2000);
    expect(Date.now() - savedAt).toBeLessThan(2000);
    await until(async () => (await modelState()) === 'up_to_date', 2000);
  });

  it('coalesces the saves that arrive while an update runs into one update with the latest examples', async () => {
    const before = await versions();
    const release = await holdModelUpdates();
    const texts = Array.from({ length: 12 }, (_, index) => `pizza topping number ${index + 1} with olives`);
    const pizza = commandIds[0] as number;
    for (const text of texts) {
      const saved = await call('POST', '/command_example/save_example', {
        example_command_id: pizza,
        example_text: text,
      });
      expect(saved.json.status).toBe(1);
    }
    release();
    await until(async () => (await modelState()) === 'up_to_date', 5000);
    const after = await versions();
    // one write per model for the twelve saves (a recalibrating refresh may add one more), not twelve
    const writes = after.reduce((sum, version, index) => sum + version - (before[index] ?? 0), 0);
    expect(writes).toBeLessThanOrEqual(after.length * 2);
    expect(await matchedCommand(texts[11] as string)).toBe(pizza);
  });

  it('retrains once the owner stopped editing, not after every save', async () => {
    const jobs = server.database.db.withTables<JobTables>();
    const refreshes = async () =>
      (
        await jobs
          .selectFrom('jobs')
          .select(['status', 'created_at'])
          .where('user_id', '=', owner.userId)
          .where('kind', '=', 'nlu.refresh')
          .execute()
      ).length;
    await until(async () => (await modelState()) === 'up_to_date', 5000);
    await new Promise((resolve) => setTimeout(resolve, REFRESH_QUIET_MS + 300));
    const before = await refreshes();
    for (const text of [
      'a calzone with ham',
      'a pizza with ham',
      'a pizza with mushrooms',
      'a vegan pizza',
    ]) {
      await call('POST', '/command_example/save_example', {
        example_command_id: commandIds[0],
        example_text: text,
      });
      await until(async () => (await modelState()) === 'up_to_date', 5000);
    }
    // the four saves, each already used, then one refresh once the owner has been quiet
    expect(await refreshes()).toBe(before);
    await until(async () => (await refreshes()) === before + 1, 5000);
    await new Promise((resolve) => setTimeout(resolve, REFRESH_QUIET_MS + 300));
    expect(await refreshes()).toBe(before + 1);
  });

  it('lets another server on the database use the stored model within 2 s, without training it again', async () => {
    const sibling = await server.startSibling();
    const target = commandIds[TOPICS.indexOf('guitar')] as number;
    const text = 'my neighbour plays the trombone at night';
    const matchedOn = async (base: string) =>
      (
        await callServer(base, 'GET', `/api/debug?message=${encodeURIComponent(text)}`, {
          token: owner.token,
        })
      ).json.data.matched_command?.command_id as number | undefined;
    // the sibling has the current model in its cache and answers from it
    expect(await matchedOn(sibling.url)).not.toBe(target);

    await call('POST', '/command_example/save_example', { example_command_id: target, example_text: text });
    await until(async () => (await modelState()) === 'up_to_date', 5000);
    // and the recalibrating refresh that follows has written its model too
    const jobs = server.database.db.withTables<JobTables>();
    await new Promise((resolve) => setTimeout(resolve, REFRESH_QUIET_MS + 100));
    await until(async () => {
      const live = await jobs
        .selectFrom('jobs')
        .select('id')
        .where('user_id', '=', owner.userId)
        .where('status', 'in', ['queued', 'running'])
        .execute();
      return live.length === 0;
    }, 10_000);
    const liveAt = Date.now();
    const stored = await versions();
    await until(async () => (await matchedOn(sibling.url)) === target, 2000);
    expect(Date.now() - liveAt).toBeLessThanOrEqual(2000);
    // it read the model; it did not update it
    expect(await versions()).toEqual(stored);
    expect(isUpdatingModels(sibling.database.db, owner.userId)).toBe(false);
    const state = await callServer(sibling.url, 'GET', '/api/command_example/check-if-free', {
      token: owner.token,
    });
    expect(state.json.model).toBe('up_to_date');
  });

  it('makes the update a stopped process lost: another process finds the gap and updates the models', async () => {
    const target = commandIds[TOPICS.indexOf('violin')] as number;
    const text = 'my grandfather clock chimes twice';
    // what a process that stopped between the save and its update leaves behind: the example and the gap
    const db = server.database.db;
    await db
      .withTables<ExampleTables>()
      .insertInto('command_examples')
      .values({ example_command_id: target, user_id: owner.userId, example_text: text, example_lang: 'en' })
      .execute();
    await db
      .withTables<NluTables>()
      .updateTable('nlu_model_state')
      .set((eb) => ({
        wanted_version: eb('wanted_version', '+', 1),
        changed_at: new Date(Date.now() - 1000).toISOString(),
      }))
      .where('user_id', '=', owner.userId)
      .execute();
    expect(await modelState()).toBe('updating');
    await until(async () => (await matchedCommand(text)) === target, 5000);
    await until(async () => (await modelState()) === 'up_to_date', 2000);
  });

  it('streams the models’ state: updating after a save, then up to date', async () => {
    const abort = new AbortController();
    const response = await fetch(`${server.url}/api/command_example/trained_examples_check`, {
      headers: { authorization: `Bearer ${owner.token}` },
      signal: abort.signal,
    });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    const states: string[] = [];
    let buffered = '';
    const nextState = async () => {
      for (;;) {
        const event = buffered.match(/data: (.*)\n\n/);
        if (event) {
          buffered = buffered.slice((event.index ?? 0) + event[0].length);
          return JSON.parse(event[1] as string).model as string;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffered += new TextDecoder().decode(value);
      }
    };
    states.push(await nextState());
    const release = await holdModelUpdates();
    await call('POST', '/command_example/save_example', {
      example_command_id: commandIds[1],
      example_text: 'where is the invoice for march',
    });
    states.push(await nextState());
    release();
    states.push(await nextState());
    abort.abort();
    expect(states).toEqual(['up_to_date', 'updating', 'up_to_date']);
  });

  it('prepares a model in use before its update counts as live, and a version another process wrote before a message uses it', async () => {
    const db = server.database.db;
    const key = { userId: owner.userId, lang: 'en', parser: 'default' };
    const target = commandIds[TOPICS.indexOf('piano')] as number;
    await matchedCommand('tell me more about pizza'); // the model answers messages in this process
    await call('POST', '/command_example/save_example', {
      example_command_id: target,
      example_text: 'a grand steinway in the hall',
    });
    await until(async () => (await modelState()) === 'up_to_date', 5000);
    expect((await loadModel(db, key))?.isReady()).toBe(true);

    // another process writes a version with one more example (this one's refresh held back meanwhile)
    const release = await holdModelUpdates();
    try {
      const row = await findModelRow(db, key);
      if (!row) throw new Error('no model');
      const text = 'an upright with soft pedals';
      const next = addExample(modelFromText(row), { id: '999999', text, command: String(target) });
      const version = await writeModel(db, key, row.version, {
        ...textOfModel(next),
        hash: next.hash,
        classifierHash: next.classifier?.hash ?? null,
        replacedClassifierHash: row.classifierHash,
        isFullTraining: false,
      });
      expect(version).toBe(row.version + 1);
      const latest = await loadModel(db, key);
      expect(latest?.version).toBe(version);
      expect(latest?.isReady()).toBe(false);
      const answering = await loadAnsweringModel(db, key);
      expect(answering).toBe(latest);
      expect(answering?.isReady()).toBe(true);
      expect(predict(answering?.model as Model, text).ranking[0]?.command).toBe(String(target));
    } finally {
      release();
    }
  });

  it('stores the classifier apart: kept through an incremental update, replaced by a training, one per model', async () => {
    const db = server.database.db;
    const key = { userId: owner.userId, lang: 'en', parser: 'default' };
    const classifiers = () =>
      db
        .withTables<NluTables>()
        .selectFrom('nlu_classifiers')
        .select(['hash', 'created_at'])
        .where('user_id', '=', key.userId)
        .where('lang', '=', key.lang)
        .where('parser', '=', key.parser)
        .execute();
    const release = await holdModelUpdates();
    try {
      const row = await findModelRow(db, key);
      if (!row) throw new Error('no model');
      expect((JSON.parse(row.json) as Model).classifier).toBeNull();
      const stored = await classifiers();
      expect(stored.map((classifier) => classifier.hash)).toEqual([row.classifierHash]);

      const model = modelFromText(row);
      const added = addExample(model, {
        id: '999998',
        text: 'a tuba in the attic',
        command: String(commandIds[0]),
      });
      const write = (next: Model, expected: number) =>
        writeModel(db, key, expected, {
          ...textOfModel(next),
          hash: next.hash,
          classifierHash: next.classifier?.hash ?? null,
          replacedClassifierHash: row.classifierHash,
          isFullTraining: false,
        });
      const incremental = await write(added, row.version);
      expect(incremental).toBe(row.version + 1);
      expect(await classifiers()).toEqual(stored);
      // a stale writer changes nothing
      expect(await write(added, row.version)).toBeNull();

      const retrained = train(modelFromText(row).examples.slice(0, 40), { lang: 'en', parser: 'default' });
      expect(await write(retrained, row.version + 1)).toBe(row.version + 2);
      const replaced = await classifiers();
      expect(replaced.map((classifier) => classifier.hash)).toEqual([retrained.classifier?.hash]);
      const reread = await findModelRow(db, key);
      expect(reread && modelFromText(reread).classifier).toEqual(retrained.classifier);
    } finally {
      release();
    }
  });
});
