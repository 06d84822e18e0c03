import { messages, nluMessages } from '@hiwar/contracts';
import { differenceRatio, type Model, predict } from '@hiwar/nlu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobTables } from '../../platform/jobs/job-tables.ts';
import { registerAndLogin } from '../../testing/accounts.ts';
import {
  createCommand,
  createExample,
  createService,
  createVariable,
} from '../../testing/services/authoring-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { NluTables } from './nlu-tables.ts';

async function until(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(await testDatabaseKinds())('training and augmentation on $label', (kind) => {
  let server: TestServer;
  let owner: { token: string; userId: number };
  let commandId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await registerAndLogin(server);
    const serviceId = await createService(server, owner.token);
    commandId = await createCommand(server, owner.token, serviceId, {
      command_name: 'order',
      command_lang: 'en',
    });
    for (const text of ['i want to order a pizza', 'order a big pizza please', 'can i get a pizza']) {
      await createExample(server, owner.token, commandId, text);
    }
  });

  afterAll(async () => {
    await server.close();
  });

  const get = (path: string, token = owner.token) => server.call('GET', `/api${path}`, { token });

  /** A job of this owner running on "another process": the owner's next job waits until it ends. */
  async function holdOwnerBusy(userId: number): Promise<() => Promise<void>> {
    const jobs = server.database.db.withTables<JobTables>();
    // the background refresh queued by the example saves must end first: one running job per owner
    await until(async () => {
      const live = await jobs
        .selectFrom('jobs')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', 'in', ['queued', 'running'])
        .execute();
      return live.length === 0;
    });
    const row = await jobs
      .insertInto('jobs')
      .values({
        kind: 'elsewhere',
        user_id: userId,
        status: 'running',
        singleton_key: null,
        heartbeat_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return async () => {
      await jobs.updateTable('jobs').set({ status: 'done' }).where('id', '=', row.id).execute();
    };
  }

  async function waitUntilFree(token = owner.token) {
    await until(async () => (await get('/command_example/check-if-free', token)).json.status === 1);
  }

  it('starts a training, answers still running while it is queued or running, then free', async () => {
    const release = await holdOwnerBusy(owner.userId);
    expect((await get('/command_example/train')).json).toEqual({
      status: 1,
      msg: nluMessages.trainingStarted,
    });
    expect((await get('/command_example/check-if-free')).json).toMatchObject({
      status: 0,
      msg: nluMessages.stillRunning,
    });
    expect((await get('/command_example/train')).json).toEqual({ status: 0, msg: nluMessages.stillRunning });
    expect((await get(`/command_example/train/${commandId}`)).json).toEqual({
      status: 0,
      msg: nluMessages.stillRunning,
    });
    await release();
    await waitUntilFree();
    expect((await get('/command_example/check-if-free')).json).toMatchObject({
      status: 1,
      msg: nluMessages.free,
    });
    expect((await get(`/command_example/train/${commandId}`)).json.status).toBe(1);
    await waitUntilFree();
  });

  it('reports the last training that ended: when it was queued and finished, or why it failed', async () => {
    const newcomer = await registerAndLogin(server);
    const check = async () => (await get('/command_example/check-if-free', newcomer.token)).json;
    expect(await check()).toEqual({
      status: 1,
      msg: nluMessages.free,
      last_training: null,
      model: 'up_to_date',
    });

    const release = await holdOwnerBusy(newcomer.userId);
    expect((await get('/command_example/train', newcomer.token)).json.status).toBe(1);
    expect(await check()).toEqual({
      status: 0,
      msg: nluMessages.stillRunning,
      last_training: null,
      model: 'up_to_date',
    });
    await release();
    await waitUntilFree(newcomer.token);
    const done = (await check()).last_training;
    expect(done).toMatchObject({ status: 'done', error: null });
    expect(Date.parse(done.finished_at)).toBeGreaterThanOrEqual(Date.parse(done.queued_at));

    // what the job runner writes when a training used up its attempts
    const jobs = server.database.db.withTables<JobTables>();
    await jobs
      .insertInto('jobs')
      .values({
        kind: 'nlu.train',
        user_id: newcomer.userId,
        status: 'failed',
        error: 'abandoned by a stopped worker',
        finished_at: new Date(Date.parse(done.finished_at) + 1000).toISOString(),
      })
      .execute();
    expect((await check()).last_training).toMatchObject({
      status: 'failed',
      error: 'abandoned by a stopped worker',
    });
    // another owner's trainings are not reported
    expect(
      (await get('/command_example/check-if-free', (await registerAndLogin(server)).token)).json,
    ).toEqual({ status: 1, msg: nluMessages.free, last_training: null, model: 'up_to_date' });
  });

  it('trains English models with WordNet’s concepts of their words', async () => {
    const row = await server.database.db
      .withTables<NluTables>()
      .selectFrom('nlu_models')
      .select('model')
      .where('user_id', '=', owner.userId)
      .where('lang', '=', 'en')
      .where('parser', '=', 'default')
      .executeTakeFirstOrThrow();
    const model = JSON.parse(row.model) as Model;
    expect(model.features.lexicon).toBe('wordnet-3.1');
    expect(predict(model, 'can i get a pizza').ranking[0]?.command).toBe(String(commandId));
  });

  it('keeps one owner’s training from blocking another owner', async () => {
    const other = await registerAndLogin(server);
    const release = await holdOwnerBusy(owner.userId);
    expect((await get('/command_example/train')).json.status).toBe(1);
    expect((await get('/command_example/train', other.token)).json.status).toBe(1);
    await waitUntilFree(other.token);
    expect((await get('/command_example/check-if-free')).json.status).toBe(0);
    await release();
    await waitUntilFree();
  });

  it('refuses the per-command training of another owner’s command', async () => {
    const other = await registerAndLogin(server);
    expect((await get(`/command_example/train/${commandId}`, other.token)).status).toBe(404);
    expect((await server.call('GET', '/api/command_example/train')).status).toBe(401);
  });

  it('streams the training state to a client authenticated by the Authorization header', async () => {
    const abort = new AbortController();
    const response = await fetch(`${server.url}/api/command_example/trained_examples_check`, {
      headers: { authorization: `Bearer ${owner.token}` },
      signal: abort.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const events = eventsOf(response);
    const first = await events.next();
    expect(first.value).toMatchObject({ status: 'free' });
    const release = await holdOwnerBusy(owner.userId);
    await get('/command_example/train');
    expect((await events.next()).value).toMatchObject({ status: 'running' });
    const before = first.value.trained_at as string | null;
    await release();
    // an event on every change: the models' state may change while the training runs
    let done = (await events.next()).value;
    while (done.status === 'running') done = (await events.next()).value;
    expect(done.status).toBe('free');
    expect(done.trained_at).not.toBeNull();
    if (before !== null) expect(done.trained_at > before).toBe(true);
    abort.abort();
  });

  it('refuses the stream without the header, even with a valid sign-in token in the query string', async () => {
    const stream = `${server.url}/api/command_example/trained_examples_check`;
    expect((await fetch(stream)).status).toBe(401);
    const tokenInUrl = await fetch(`${stream}?token=${encodeURIComponent(owner.token)}`);
    expect(tokenInUrl.status).toBe(401);
    expect(await tokenInUrl.json()).toEqual({ status: 0, msg: messages.unauthenticated });
  });

  describe('POST /command_example/augment_example', () => {
    const augment = (body: Record<string, unknown>) =>
      server.call('POST', '/api/command_example/augment_example', { token: owner.token, body });

    it('answers at most max_samples distinct phrasings, each different enough from the value', async () => {
      const value = 'could you please order a large pizza for me';
      const answer = await augment({ value, max_samples: 4, lev_min_ratio: 30 });
      expect(answer.json.status).toBe(1);
      const texts: string[] = answer.json.augmented_texts;
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.length).toBeLessThanOrEqual(4);
      expect(new Set(texts.map((text) => text.toLowerCase())).size).toBe(texts.length);
      expect(texts).not.toContain(value);
      for (const text of texts) expect(differenceRatio(value, text, 'en')).toBeGreaterThanOrEqual(30);
    });

    it('swaps in the synonyms of the named command’s list variables', async () => {
      await createVariable(server, owner.token, commandId, {
        var_name: 'size',
        var_type: 'list',
        var_val_list: ['medium'],
        var_labels: [{ keyword: 'large', syns: ['huge', 'giant'] }],
      });
      const answer = await augment({
        value: 'order a large pizza',
        max_samples: 10,
        lev_min_ratio: 10,
        example_command_id: commandId,
      });
      const texts: string[] = answer.json.augmented_texts;
      expect(texts.some((text) => /huge|giant/.test(text))).toBe(true);
    });

    it.each([
      [{ max_samples: 5, lev_min_ratio: 35 }, 'value', nluMessages.valueRequired],
      [{ value: 'hi there', lev_min_ratio: 35 }, 'max_samples', nluMessages.maxSamplesRequired],
      [{ value: 'hi there', max_samples: 0, lev_min_ratio: 35 }, 'max_samples', nluMessages.maxSamplesRange],
      [{ value: 'hi there', max_samples: 21, lev_min_ratio: 35 }, 'max_samples', nluMessages.maxSamplesRange],
      [{ value: 'hi there', max_samples: 5 }, 'lev_min_ratio', nluMessages.levMinRatioRequired],
      [
        { value: 'hi there', max_samples: 5, lev_min_ratio: 101 },
        'lev_min_ratio',
        nluMessages.levMinRatioRange,
      ],
    ])('refuses %j with the %s message', async (body, field, message) => {
      const answer = await augment(body);
      expect(answer.status).toBe(422);
      expect(answer.json.errors[field]).toEqual([message]);
    });

    it('refuses another owner’s command', async () => {
      const other = await registerAndLogin(server);
      const answer = await server.call('POST', '/api/command_example/augment_example', {
        token: other.token,
        body: { value: 'order a pizza', max_samples: 5, lev_min_ratio: 35, example_command_id: commandId },
      });
      expect(answer.status).toBe(404);
    });
  });
});

/** The `data:` events of a server-sent event stream, parsed as JSON. */
async function* eventsOf(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  while (true) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      // biome-ignore lint/suspicious/noExplicitAny: events are checked field by field
      if (data) yield JSON.parse(data.slice(6)) as any;
      end = buffer.indexOf('\n\n');
    }
  }
}
