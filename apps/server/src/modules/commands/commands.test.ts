import { commandMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import {
  createCommand,
  createExample,
  createService,
  createVariable,
} from '../../testing/services/authoring-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(await testDatabaseKinds())('commands on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  async function browse(token: string, commandId: number) {
    return server.call('GET', `/api/command/browse/${commandId}`, { token });
  }

  async function twoOwners() {
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server);
    const serviceId = await createService(server, alice.token, { service_name: 'Alice service' });
    const commandId = await createCommand(server, alice.token, serviceId, { command_name: 'hello' });
    return { alice, bob, serviceId, commandId };
  }

  describe('listing a service’s commands', () => {
    it('pages by 10 and searches by keyword with POST, pages with GET', async () => {
      const { token } = await registerAndLogin(server);
      const serviceId = await createService(server, token);
      for (let index = 1; index <= 11; index += 1) {
        await createCommand(server, token, serviceId, { command_name: `order ${index}` });
      }
      await createCommand(server, token, serviceId, {
        command_name: 'greeting',
        command_description: 'Say hello',
      });
      const first = await server.call('POST', `/api/command/get/${serviceId}/1`, {
        token,
        body: { keywords: '' },
      });
      expect(first.json).toMatchObject({ status: 1, page: 1, pages_count: 2 });
      expect(first.json.data).toHaveLength(10);
      expect(first.json.data[0]).toMatchObject({ command_name: 'order 1', service_name: expect.any(String) });
      const bodiless = await server.call('POST', `/api/command/get/${serviceId}/1`, { token });
      expect(bodiless.json.data).toHaveLength(10);
      const second = await server.call('GET', `/api/command/get/${serviceId}/2`, { token });
      expect(second.json).toMatchObject({ status: 1, page: 2, pages_count: 2 });
      expect(second.json.data).toHaveLength(2);
      const search = await server.call('POST', `/api/command/get/${serviceId}/1`, {
        token,
        body: { keywords: 'HELLO' },
      });
      expect(search.json.data.map((row: { command_name: string }) => row.command_name)).toEqual(['greeting']);
      expect(search.json.pages_count).toBe(1);
    });

    it('refuses a malformed page and answers 404 for another owner’s service', async () => {
      const { alice, bob, serviceId } = await twoOwners();
      const malformed = await server.call('GET', `/api/command/get/${serviceId}/x`, { token: alice.token });
      expect(malformed.status).toBe(422);
      const foreign = await server.call('POST', `/api/command/get/${serviceId}/1`, {
        token: bob.token,
        body: {},
      });
      expect(foreign.status).toBe(404);
      expect((await server.call('GET', `/api/command/get/${serviceId}/1`, { token: bob.token })).status).toBe(
        404,
      );
    });
  });

  describe('POST /command/get_all and GET /command/get_all', () => {
    it('lists only the owner’s commands with their service names, on all three paths', async () => {
      const { alice, bob, commandId } = await twoOwners();
      const expected = [{ command_id: commandId, command_name: 'hello', service_name: 'Alice service' }];
      for (const [method, path] of [
        ['POST', '/api/command/get_all'],
        ['POST', '/api/command/get_all/0'],
        ['GET', '/api/command/get_all'],
      ] as const) {
        expect((await server.call(method, path, { token: alice.token })).json).toEqual({
          status: 1,
          data: expected,
        });
        expect((await server.call(method, path, { token: bob.token })).json).toEqual({ status: 1, data: [] });
      }
    });
  });

  describe('GET /command/browse/{command_id}', () => {
    it('answers the owner’s command, 404 for another owner, 422 for a malformed id', async () => {
      const { alice, bob, serviceId, commandId } = await twoOwners();
      expect((await browse(alice.token, commandId)).json.data).toMatchObject({
        command_id: commandId,
        command_name: 'hello',
        command_lang: 'ar',
        command_status: 1,
        command_service_id: serviceId,
        service_name: 'Alice service',
      });
      expect((await browse(bob.token, commandId)).status).toBe(404);
      expect((await server.call('GET', '/api/command/browse/-1', { token: alice.token })).status).toBe(422);
    });
  });

  describe('POST /command/save/{service_id}/{command_id}', () => {
    it('creates with command id 0 (language ar by default) and updates with its id', async () => {
      const { token } = await registerAndLogin(server);
      const serviceId = await createService(server, token);
      const created = await server.call('POST', `/api/command/save/${serviceId}/0`, {
        token,
        body: { command_name: 'weather', command_description: 'forecast' },
      });
      expect(created.json).toEqual({ status: 1, id: expect.any(Number), msg: commandMessages.saved });
      const id = created.json.id;
      expect((await browse(token, id)).json.data).toMatchObject({
        command_lang: 'ar',
        command_description: 'forecast',
      });
      const updated = await server.call('POST', `/api/command/save/${serviceId}/${id}`, {
        token,
        body: { command_name: 'Wetter', command_lang: 'de' },
      });
      expect(updated.json).toMatchObject({ status: 1, id });
      expect((await browse(token, id)).json.data).toMatchObject({
        command_name: 'Wetter',
        command_lang: 'de',
      });
    });

    it('requires the command name and a known language', async () => {
      const { token } = await registerAndLogin(server);
      const serviceId = await createService(server, token);
      const nameless = await server.call('POST', `/api/command/save/${serviceId}/0`, { token, body: {} });
      expect(nameless.status).toBe(422);
      expect(nameless.json.errors).toEqual({ command_name: [commandMessages.nameRequired] });
      const french = await server.call('POST', `/api/command/save/${serviceId}/0`, {
        token,
        body: { command_name: 'x', command_lang: 'fr' },
      });
      expect(french.json.errors).toEqual({ command_lang: [commandMessages.langInvalid] });
    });

    it('answers 404 for another owner’s service or command and changes nothing', async () => {
      const { alice, bob, serviceId, commandId } = await twoOwners();
      const bobService = await createService(server, bob.token);
      const intoForeign = await server.call('POST', `/api/command/save/${serviceId}/0`, {
        token: bob.token,
        body: { command_name: 'intruder' },
      });
      expect(intoForeign.status).toBe(404);
      const foreignCommand = await server.call('POST', `/api/command/save/${bobService}/${commandId}`, {
        token: bob.token,
        body: { command_name: 'stolen' },
      });
      expect(foreignCommand.status).toBe(404);
      const list = await server.call('GET', `/api/command/get/${serviceId}/1`, { token: alice.token });
      expect(list.json.data.map((row: { command_name: string }) => row.command_name)).toEqual(['hello']);
    });
  });

  describe('POST /command/set_status/{id}', () => {
    it('toggles the status between 0 and 1', async () => {
      const { alice, commandId } = await twoOwners();
      const off = await server.call('POST', `/api/command/set_status/${commandId}`, {
        token: alice.token,
        body: { status: '0' },
      });
      expect(off.json).toEqual({ status: 1 });
      expect((await browse(alice.token, commandId)).json.data.command_status).toBe(0);
      await server.call('POST', `/api/command/set_status/${commandId}`, {
        token: alice.token,
        body: { status: 1 },
      });
      expect((await browse(alice.token, commandId)).json.data.command_status).toBe(1);
    });

    it('refuses a missing status and another owner’s command', async () => {
      const { alice, bob, commandId } = await twoOwners();
      const missing = await server.call('POST', `/api/command/set_status/${commandId}`, {
        token: alice.token,
        body: {},
      });
      expect(missing.status).toBe(422);
      const foreign = await server.call('POST', `/api/command/set_status/${commandId}`, {
        token: bob.token,
        body: { status: 0 },
      });
      expect(foreign.status).toBe(404);
      expect((await browse(alice.token, commandId)).json.data.command_status).toBe(1);
    });
  });

  describe('POST /command/delete/{id}', () => {
    it('deletes the command with its variables and examples', async () => {
      const { alice, serviceId, commandId } = await twoOwners();
      const varId = await createVariable(server, alice.token, commandId, { var_name: 'name' });
      await createExample(server, alice.token, commandId, 'hello Sara', [{ tag: 'Sara', type: varId }]);
      const other = await createCommand(server, alice.token, serviceId);
      const redirecting = await createVariable(server, alice.token, other, {
        var_fallback_type: 'redir',
        var_fallback_redirect_command_id: commandId,
      });
      const answer = await server.call('POST', `/api/command/delete/${commandId}`, { token: alice.token });
      expect(answer.json).toEqual({ status: 1 });
      expect((await browse(alice.token, commandId)).status).toBe(404);
      expect(
        (await server.call('GET', `/api/command_var/browse/${varId}`, { token: alice.token })).status,
      ).toBe(404);
      const examples = await server.call('GET', `/api/service/${serviceId}/examples`, { token: alice.token });
      expect(examples.json.data).toEqual([]);
      const survivor = await server.call('GET', `/api/command_var/browse/${redirecting}`, {
        token: alice.token,
      });
      expect(survivor.json.data.var_fallback_redirect_command_id).toBeNull();
    });

    it('refuses a malformed id and another owner’s command, deleting nothing', async () => {
      const { alice, bob, commandId } = await twoOwners();
      expect((await server.call('POST', '/api/command/delete/zero', { token: alice.token })).status).toBe(
        422,
      );
      expect(
        (await server.call('POST', `/api/command/delete/${commandId}`, { token: bob.token })).status,
      ).toBe(404);
      expect((await browse(alice.token, commandId)).status).toBe(200);
    });
  });

  describe('GET /command/get_fixed_commands', () => {
    it('offers start and help, and the customer-support commands only when support is enabled', async () => {
      const { token } = await registerAndLogin(server);
      const plain = await server.call('GET', '/api/command/get_fixed_commands', { token });
      expect(plain.json.status).toBe(1);
      expect(Object.keys(plain.json.data)).toEqual(['start', 'help']);
      const enabled = await server.call('POST', '/api/user/update_settings', {
        token,
        body: {
          mode: 3,
          cs_status: 1,
          cs_username: 'support',
          cs_email: 'support@example.com',
          cs_password: 'long-enough-password',
        },
      });
      expect(enabled.status).toBe(200);
      const withSupport = await server.call('GET', '/api/command/get_fixed_commands', { token });
      expect(Object.keys(withSupport.json.data)).toEqual(['start', 'help', 'cs_connect', 'cs_disconnect']);
    });

    it('asks for a sign-in', async () => {
      expect((await server.call('GET', '/api/command/get_fixed_commands')).status).toBe(401);
    });
  });
});
