import { exampleMessages } from '@hiwar/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscribeToExampleChanges } from '../../kernel/examples-changed.ts';
import { registerAndLogin } from '../../testing/accounts.ts';
import {
  createCommand,
  createExample,
  createService,
  createVariable,
} from '../../testing/services/authoring-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(await testDatabaseKinds())('examples on $label', (kind) => {
  let server: TestServer;
  let changes: [number, number][] = [];
  let unsubscribe: () => void = () => {};
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    changes = [];
    unsubscribe = subscribeToExampleChanges(server.database.db, (userId, commandIds) => {
      for (const commandId of commandIds) changes.push([userId, commandId]);
    });
  });
  afterEach(() => unsubscribe());

  async function ownerWithCommand(lang = 'en') {
    const owner = await registerAndLogin(server);
    const serviceId = await createService(server, owner.token);
    const commandId = await createCommand(server, owner.token, serviceId, { command_lang: lang });
    return { ...owner, serviceId, commandId };
  }

  async function examplesOf(token: string, commandId: number) {
    return (await server.call('POST', `/api/command_example/get/${commandId}`, { token })).json.data as {
      _id: number;
      example_text: string;
      example_status: number;
    }[];
  }

  describe('POST /command_example/save_example', () => {
    it('creates an active example in the command’s language and answers the saved record', async () => {
      const owner = await ownerWithCommand('de');
      const city = await createVariable(server, owner.token, owner.commandId, { var_name: 'city' });
      const answer = await server.call('POST', '/api/command_example/save_example', {
        token: owner.token,
        body: {
          example_command_id: owner.commandId,
          example_text: 'Wetter in Berlin',
          example_vars: [{ tag: 'Berlin', type: city }],
        },
      });
      expect(answer.json).toEqual({
        status: 1,
        data: expect.objectContaining({
          _id: expect.any(Number),
          example_command_id: owner.commandId,
          example_text: 'Wetter in Berlin',
          example_lang: 'de',
          example_vars: [{ tag: 'Berlin', type: city }],
          example_status: 1,
        }),
      });
      expect(changes).toEqual([[owner.userId, owner.commandId]]);
    });

    it('takes the language the text is written in when the request names none (Arabic script, or German among the owner’s languages)', async () => {
      const owner = await ownerWithCommand('en');
      const save = async (text: string, lang?: string) =>
        (
          await server.call('POST', '/api/command_example/save_example', {
            token: owner.token,
            body: {
              example_command_id: owner.commandId,
              example_text: text,
              ...(lang && { example_lang: lang }),
            },
          })
        ).json.data.example_lang as string;
      expect(await save('when are you open')).toBe('en');
      expect(await save('متى تفتحون')).toBe('ar');
      // German is not among this owner's languages yet: the command's language
      expect(await save('wann habt ihr heute geöffnet')).toBe('en');
      // what the request names is kept, whatever the script
      expect(await save('ما هي ساعات العمل', 'en')).toBe('en');
      const german = await createCommand(server, owner.token, owner.serviceId, { command_lang: 'de' });
      expect(german).toBeGreaterThan(0);
      expect(await save('wann habt ihr morgen geöffnet')).toBe('de');
      const saved = await server.call('POST', '/api/command_example/save_all/', {
        token: owner.token,
        body: [
          { example_command_id: owner.commandId, example_text: 'هل تفتحون يوم الجمعة' },
          { example_command_id: owner.commandId, example_text: 'are you open on friday' },
        ],
      });
      expect(saved.json.status).toBe(1);
      const stored = (await examplesOf(owner.token, owner.commandId)) as unknown as {
        example_text: string;
        example_lang: string;
      }[];
      expect(stored.find((example) => example.example_text === 'هل تفتحون يوم الجمعة')?.example_lang).toBe(
        'ar',
      );
      expect(stored.find((example) => example.example_text === 'are you open on friday')?.example_lang).toBe(
        'en',
      );
    });

    it('updates an example by _id', async () => {
      const owner = await ownerWithCommand();
      const saved = await createExample(server, owner.token, owner.commandId, 'hi');
      const answer = await server.call('POST', '/api/command_example/save_example', {
        token: owner.token,
        body: {
          _id: saved._id,
          example_command_id: owner.commandId,
          example_text: 'hello there',
          example_lang: 'ar',
        },
      });
      expect(answer.json.data).toMatchObject({
        _id: saved._id,
        example_text: 'hello there',
        example_lang: 'ar',
      });
      expect(await examplesOf(owner.token, owner.commandId)).toHaveLength(1);
    });

    it('requires the text, tags found in the text and variables of the command', async () => {
      const owner = await ownerWithCommand();
      const other = await createCommand(server, owner.token, owner.serviceId);
      const foreignVar = await createVariable(server, owner.token, other, { var_name: 'elsewhere' });
      const city = await createVariable(server, owner.token, owner.commandId, { var_name: 'city' });
      const save = (body: Record<string, unknown>) =>
        server.call('POST', '/api/command_example/save_example', {
          token: owner.token,
          body: { example_command_id: owner.commandId, ...body },
        });
      const empty = await save({ example_text: ' ' });
      expect(empty.status).toBe(422);
      expect(empty.json.errors).toEqual({ example_text: [exampleMessages.textRequired] });
      const untagged = await save({
        example_text: 'weather in Rome',
        example_vars: [{ tag: 'Paris', type: city }],
      });
      expect(untagged.json.errors).toEqual({ 'example_vars.0.tag': [exampleMessages.tagMissing] });
      const wrongVariable = await save({
        example_text: 'in Rome',
        example_vars: [{ tag: 'Rome', type: foreignVar }],
      });
      expect(wrongVariable.status).toBe(422);
      expect(wrongVariable.json).toMatchObject({
        msg: exampleMessages.variableUnknown,
        errors: { 'example_vars.0.type': [exampleMessages.variableUnknown] },
      });
      expect(await examplesOf(owner.token, owner.commandId)).toEqual([]);
      expect(changes).toEqual([]);
    });

    it('answers 404 for another owner’s command or example and changes nothing', async () => {
      const alice = await ownerWithCommand();
      const bob = await ownerWithCommand();
      const saved = await createExample(server, alice.token, alice.commandId, 'original');
      const intoForeign = await server.call('POST', '/api/command_example/save_example', {
        token: bob.token,
        body: { example_command_id: alice.commandId, example_text: 'spam' },
      });
      expect(intoForeign.status).toBe(404);
      const overwrite = await server.call('POST', '/api/command_example/save_example', {
        token: bob.token,
        body: { _id: saved._id, example_command_id: bob.commandId, example_text: 'overwritten' },
      });
      expect(overwrite.status).toBe(404);
      expect((await examplesOf(alice.token, alice.commandId)).map((example) => example.example_text)).toEqual(
        ['original'],
      );
    });
  });

  describe('POST /command_example/get/{command_id}', () => {
    it('answers the command’s examples, 404 for another owner', async () => {
      const alice = await ownerWithCommand();
      const bob = await ownerWithCommand();
      await createExample(server, alice.token, alice.commandId, 'one');
      await createExample(server, alice.token, alice.commandId, 'two');
      expect((await examplesOf(alice.token, alice.commandId)).map((example) => example.example_text)).toEqual(
        ['one', 'two'],
      );
      const foreign = await server.call('POST', `/api/command_example/get/${alice.commandId}`, {
        token: bob.token,
      });
      expect(foreign.status).toBe(404);
      expect((await server.call('POST', '/api/command_example/get/0', { token: alice.token })).status).toBe(
        422,
      );
    });
  });

  describe('saving many examples', () => {
    it('saves a list for one command with POST /command_example/save/{command_id}', async () => {
      const owner = await ownerWithCommand();
      const existing = await createExample(server, owner.token, owner.commandId, 'old');
      changes = [];
      const answer = await server.call('POST', `/api/command_example/save/${owner.commandId}`, {
        token: owner.token,
        body: { examples: [{ _id: existing._id, example_text: 'renewed' }, { example_text: 'brand new' }] },
      });
      expect(answer.json.status).toBe(1);
      expect(answer.json.data).toHaveLength(2);
      expect((await examplesOf(owner.token, owner.commandId)).map((example) => example.example_text)).toEqual(
        ['renewed', 'brand new'],
      );
      expect(changes).toEqual([[owner.userId, owner.commandId]]);
    });

    it('saves examples of several commands at once with POST /command_example/save_all/', async () => {
      const owner = await ownerWithCommand();
      const second = await createCommand(server, owner.token, owner.serviceId);
      const answer = await server.call('POST', '/api/command_example/save_all/', {
        token: owner.token,
        body: [
          { example_command_id: owner.commandId, example_text: 'first' },
          { example_command_id: second, example_text: 'second' },
        ],
      });
      expect(answer.json.status).toBe(1);
      expect(await examplesOf(owner.token, second)).toHaveLength(1);
      expect(changes).toEqual([
        [owner.userId, owner.commandId],
        [owner.userId, second],
      ]);
    });

    it('saves none of the list when one example is invalid', async () => {
      const owner = await ownerWithCommand();
      const city = await createVariable(server, owner.token, owner.commandId, { var_name: 'city' });
      const other = await createCommand(server, owner.token, owner.serviceId);
      const bad = await server.call('POST', '/api/command_example/save_all/', {
        token: owner.token,
        body: {
          examples: [
            { example_command_id: owner.commandId, example_text: 'fine' },
            {
              example_command_id: other,
              example_text: 'in Cairo',
              example_vars: [{ tag: 'Cairo', type: city }],
            },
          ],
        },
      });
      expect(bad.status).toBe(422);
      expect(bad.json.errors).toEqual({
        'examples.1.example_vars.0.type': [exampleMessages.variableUnknown],
      });
      const missingText = await server.call('POST', `/api/command_example/save/${owner.commandId}`, {
        token: owner.token,
        body: [{ example_text: 'ok' }, { example_text: '' }],
      });
      expect(missingText.status).toBe(422);
      expect(missingText.json.errors).toEqual({ '1.example_text': [exampleMessages.textRequired] });
      const noCommand = await server.call('POST', '/api/command_example/save_all', {
        token: owner.token,
        body: [{ example_text: 'orphan' }],
      });
      expect(noCommand.json.errors).toEqual({
        'examples.0.example_command_id': [exampleMessages.commandRequired],
      });
      expect(await examplesOf(owner.token, owner.commandId)).toEqual([]);
    });

    it('answers 404 when any example belongs to another owner’s command, saving none', async () => {
      const alice = await ownerWithCommand();
      const bob = await ownerWithCommand();
      const answer = await server.call('POST', '/api/command_example/save_all/', {
        token: bob.token,
        body: [
          { example_command_id: bob.commandId, example_text: 'mine' },
          { example_command_id: alice.commandId, example_text: 'theirs' },
        ],
      });
      expect(answer.status).toBe(404);
      expect(await examplesOf(bob.token, bob.commandId)).toEqual([]);
      const onPath = await server.call('POST', `/api/command_example/save/${alice.commandId}`, {
        token: bob.token,
        body: [{ example_text: 'x' }],
      });
      expect(onPath.status).toBe(404);
      expect(await examplesOf(alice.token, alice.commandId)).toEqual([]);
    });
  });

  describe('deleting an example', () => {
    it('deletes with DELETE /command_example/delete/{_id} and POST /command_example/delete/{id}', async () => {
      const owner = await ownerWithCommand();
      const first = await createExample(server, owner.token, owner.commandId, 'first');
      const second = await createExample(server, owner.token, owner.commandId, 'second');
      changes = [];
      const deleted = await server.call('DELETE', `/api/command_example/delete/${first._id}`, {
        token: owner.token,
      });
      expect(deleted.json).toEqual({ status: 1 });
      const posted = await server.call('POST', `/api/command_example/delete/${second._id}`, {
        token: owner.token,
      });
      expect(posted.json).toEqual({ status: 1 });
      expect(await examplesOf(owner.token, owner.commandId)).toEqual([]);
      expect(changes).toHaveLength(2);
    });

    it('refuses a malformed id and another owner’s example, deleting nothing', async () => {
      const alice = await ownerWithCommand();
      const bob = await ownerWithCommand();
      const saved = await createExample(server, alice.token, alice.commandId, 'keep');
      for (const method of ['DELETE', 'POST']) {
        const malformed = await server.call(method, '/api/command_example/delete/abc', {
          token: alice.token,
        });
        expect(malformed.status).toBe(422);
      }
      for (const method of ['DELETE', 'POST']) {
        const answer = await server.call(method, `/api/command_example/delete/${saved._id}`, {
          token: bob.token,
        });
        expect(answer.status).toBe(404);
      }
      expect(await examplesOf(alice.token, alice.commandId)).toHaveLength(1);
    });
  });

  describe('POST /command_example/set_status/{id}', () => {
    it('toggles the status, refuses bad values and other owners', async () => {
      const alice = await ownerWithCommand();
      const bob = await ownerWithCommand();
      const saved = await createExample(server, alice.token, alice.commandId, 'toggle me');
      const path = `/api/command_example/set_status/${saved._id}`;
      expect((await server.call('POST', path, { token: alice.token, body: { status: 0 } })).json).toEqual({
        status: 1,
      });
      expect((await examplesOf(alice.token, alice.commandId))[0]?.example_status).toBe(0);
      expect((await server.call('POST', path, { token: alice.token, body: { status: 2 } })).status).toBe(422);
      expect((await server.call('POST', path, { token: bob.token, body: { status: 1 } })).status).toBe(404);
      expect((await examplesOf(alice.token, alice.commandId))[0]?.example_status).toBe(0);
    });
  });
});
