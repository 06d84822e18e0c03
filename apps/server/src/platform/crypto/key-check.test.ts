import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { fullChatbotRecord } from '../../testing/chatbot/chatbot-fixtures.ts';
import {
  databaseForProcesses,
  type ServerProcess,
  startServerProcess,
} from '../../testing/server-process.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

describe.each(await testDatabaseKinds())('the secret key check at start on $label', (kind) => {
  let database: Awaited<ReturnType<typeof databaseForProcesses>>;
  let env: Record<string, string>;
  /** every process started, so a failing test leaves none running */
  const started: ServerProcess[] = [];
  const start = async (extra: Record<string, string>) => {
    const server = await startServerProcess({ ...env, ...extra });
    started.push(server);
    return server;
  };

  beforeAll(async () => {
    database = await databaseForProcesses(kind, 'hiwar-key-');
    env = database.env;
  });
  afterAll(async () => {
    for (const server of started) await server.kill();
    await database.remove();
  });

  it('refuses another key with a clear message, resets the unreadable secrets on request, and the owner is told which', async () => {
    const first = await start({ SECRET_KEY: 'the-first-key' });
    const { token } = await registerAndLogin(first);
    const record = fullChatbotRecord();
    const saved = await first.call('POST', '/api/chatbot/save', { token, body: record });
    expect(saved.status, saved.text).toBe(200);
    const identity = { token, body: { status: 1 } };
    expect((await first.call('POST', '/api/chatbot/identity_verification', identity)).status).toBe(200);
    await first.stop();

    const refused = await start({ SECRET_KEY: 'another-key' }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toContain('the server exited (1)');
    const line = JSON.parse(refused.split('\n').find((text) => text.startsWith('{"level":60')) ?? '{}');
    expect(line.msg).toContain('The secret key (SECRET_KEY) is not the one');
    expect(line.msg).toContain('HIWAR_RESET_SECRETS=1');

    const reset = await start({ SECRET_KEY: 'another-key', HIWAR_RESET_SECRETS: '1' });
    const browsed = await reset.call('GET', '/api/chatbot/browse', { token });
    expect(browsed.status).toBe(200);
    expect(browsed.json.data.apps.telegram.chatbot_app_credentials.token).toBe('');
    expect(browsed.json.data.chatbot_name).toBe(record.chatbot_name);
    const resets = await reset.call('GET', '/api/user/secret_resets', { token });
    const places = resets.json.data.map((entry: { place: string }) => entry.place);
    expect(places).toEqual(
      expect.arrayContaining(['telegram', 'whatsapp', 'voice', 'identity_verification']),
    );
    // an identity secret nobody can read is off: the owner turns it on again for a new one
    const verification = await reset.call('GET', '/api/chatbot/identity_verification', { token });
    expect(verification.json.data.status).toBe(0);
    expect(places.some((place: string) => place.startsWith('facebook:'))).toBe(true);
    // the owner enters the token again: it is sealed with the new key and reads back
    const again = { ...browsed.json.data, apps: structuredClone(record.apps) };
    again.apps.telegram.chatbot_app_credentials.token = '654321:new-telegram-token';
    const resaved = await reset.call('POST', '/api/chatbot/save', { token, body: again });
    expect(resaved.status, resaved.text).toBe(200);
    expect((await reset.call('POST', '/api/user/secret_resets/dismiss', { token })).json).toEqual({
      status: 1,
    });
    expect((await reset.call('GET', '/api/user/secret_resets', { token })).json.data).toEqual([]);
    await reset.stop();

    // the new key is the data's key now: a plain start works and reads the token
    const later = await start({ SECRET_KEY: 'another-key' });
    const read = await later.call('GET', '/api/chatbot/browse', { token });
    expect(read.json.data.apps.telegram.chatbot_app_credentials.token).toBe('654321:new-telegram-token');
    await later.stop();
  }, 60_000);

  it('names the path when DATA_DIR cannot be created, in the log’s JSON', async () => {
    const file = join(database.dataDir, 'a-file');
    writeFileSync(file, '');
    const failed = await start({ DATA_DIR: join(file, 'data') }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    const line = JSON.parse(failed.split('\n').find((text) => text.startsWith('{"level":60')) ?? '{}');
    expect(line.msg).toContain(
      `DATA_DIR ${join(file, 'data')} does not exist and cannot be created (ENOTDIR)`,
    );
  });
});
