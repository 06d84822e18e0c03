import { serviceMessages } from '@hiwar/contracts';
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

describe.each(await testDatabaseKinds())('services on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  async function browse(token: string, id: number) {
    return server.call('GET', `/api/service/browse/${id}`, { token });
  }

  describe('GET /service', () => {
    it('pages the owner’s services by 10, newest first', async () => {
      const { token } = await registerAndLogin(server);
      for (let index = 1; index <= 12; index += 1) {
        await createService(server, token, { service_name: `Service ${String(index).padStart(2, '0')}` });
      }
      const first = await server.call('GET', '/api/service?page=1', { token });
      expect(first.status).toBe(200);
      expect(first.json.status).toBe(1);
      expect(first.json.data).toMatchObject({ current_page: 1, last_page: 2, total: 12, per_page: 10 });
      expect(first.json.data.data).toHaveLength(10);
      expect(first.json.data.data[0].service_name).toBe('Service 12');
      const second = await server.call('GET', '/api/service?page=2', { token });
      expect(second.json.data.data.map((row: { service_name: string }) => row.service_name)).toEqual([
        'Service 02',
        'Service 01',
      ]);
    });

    it('finds services by a keyword in the name or the description, ignoring case', async () => {
      const { token } = await registerAndLogin(server);
      await createService(server, token, { service_name: 'Weather', service_description: 'forecasts' });
      await createService(server, token, {
        service_name: 'Travel',
        service_description: 'Flights and WEATHER alerts',
      });
      await createService(server, token, { service_name: 'Pizza 100%', service_description: 'orders' });
      const found = await server.call('GET', '/api/service?search=weather&page=1', { token });
      expect(found.json.data.total).toBe(2);
      const percent = await server.call('GET', `/api/service?search=${encodeURIComponent('0%')}`, { token });
      expect(percent.json.data.data.map((row: { service_name: string }) => row.service_name)).toEqual([
        'Pizza 100%',
      ]);
    });

    it('refuses a page that is not a positive number', async () => {
      const { token } = await registerAndLogin(server);
      const answer = await server.call('GET', '/api/service?page=0', { token });
      expect(answer.status).toBe(422);
      expect(answer.json.errors.page).toBeDefined();
    });

    it('never lists another owner’s services', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      await createService(server, alice.token, { service_name: 'Alice only' });
      const answer = await server.call('GET', '/api/service?search=Alice', { token: bob.token });
      expect(answer.json.data.total).toBe(0);
    });
  });

  describe('POST /service/save', () => {
    it('creates an active private service and answers its id', async () => {
      const { token } = await registerAndLogin(server);
      const answer = await server.call('POST', '/api/service/save', {
        token,
        body: { service_name: 'Support', service_description: 'help desk' },
      });
      expect(answer.json).toEqual({ status: 1, id: expect.any(Number), msg: serviceMessages.saved });
      const saved = await browse(token, answer.json.id);
      expect(saved.json.data).toMatchObject({
        service_name: 'Support',
        service_description: 'help desk',
        service_status: 1,
        is_public: 0,
      });
    });

    it('requires the service name', async () => {
      const { token } = await registerAndLogin(server);
      const answer = await server.call('POST', '/api/service/save', { token, body: { service_name: '  ' } });
      expect(answer.status).toBe(422);
      expect(answer.json.errors).toEqual({ service_name: [serviceMessages.nameRequired] });
    });

    it('rejects a duplicate service name of the same owner, but not of another owner', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      await createService(server, alice.token, { service_name: 'Orders' });
      const duplicate = await server.call('POST', '/api/service/save', {
        token: alice.token,
        body: { service_name: 'Orders' },
      });
      expect(duplicate.status).toBe(422);
      expect(duplicate.json).toMatchObject({
        status: 0,
        errors: { service_name: ['The service name has already been taken'] },
      });
      await createService(server, bob.token, { service_name: 'Orders' });
    });

    it('keeps one service when the same name is saved several times at once', async () => {
      const { token } = await registerAndLogin(server);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          server.call('POST', '/api/service/save', { token, body: { service_name: 'Race' } }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
      for (const refused of answers.filter((answer) => answer.status === 422)) {
        expect(refused.json.errors).toEqual({ service_name: [serviceMessages.nameTaken] });
      }
      const list = await server.call('GET', '/api/service?search=Race', { token });
      expect(list.json.data.total).toBe(1);
    });

    it('updates the owner’s service, keeps its own name free and marks it public', async () => {
      const { token } = await registerAndLogin(server);
      const id = await createService(server, token, { service_name: 'Shop' });
      const taken = await createService(server, token, { service_name: 'Taken' });
      const renamed = await server.call('POST', `/api/service/save/${id}`, {
        token,
        body: { service_name: 'Shop', service_description: 'new', is_public: 1 },
      });
      expect(renamed.json).toMatchObject({ status: 1, id });
      expect((await browse(token, id)).json.data).toMatchObject({ service_description: 'new', is_public: 1 });
      const clash = await server.call('POST', `/api/service/save/${taken}`, {
        token,
        body: { service_name: 'Shop' },
      });
      expect(clash.status).toBe(422);
    });

    it('answers 404 for another owner’s service and leaves it unchanged', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const id = await createService(server, alice.token, { service_name: 'Private', is_public: 1 });
      const answer = await server.call('POST', `/api/service/save/${id}`, {
        token: bob.token,
        body: { service_name: 'Hijacked' },
      });
      expect(answer.status).toBe(404);
      expect((await browse(alice.token, id)).json.data.service_name).toBe('Private');
    });
  });

  describe('POST /service/set_status/{serviceId}', () => {
    it('switches a service off and on', async () => {
      const { token } = await registerAndLogin(server);
      const id = await createService(server, token);
      const off = await server.call('POST', `/api/service/set_status/${id}`, { token, body: { status: 0 } });
      expect(off.json).toEqual({ status: 1 });
      expect((await browse(token, id)).json.data.service_status).toBe(0);
      await server.call('POST', `/api/service/set_status/${id}`, { token, body: { status: true } });
      expect((await browse(token, id)).json.data.service_status).toBe(1);
    });

    it('refuses a status other than 0 or 1', async () => {
      const { token } = await registerAndLogin(server);
      const id = await createService(server, token);
      const answer = await server.call('POST', `/api/service/set_status/${id}`, {
        token,
        body: { status: 5 },
      });
      expect(answer.status).toBe(422);
      expect(answer.json.errors.status).toBeDefined();
    });

    it('answers 404 for another owner’s service', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const id = await createService(server, alice.token);
      const answer = await server.call('POST', `/api/service/set_status/${id}`, {
        token: bob.token,
        body: { status: 0 },
      });
      expect(answer.status).toBe(404);
      expect((await browse(alice.token, id)).json.data.service_status).toBe(1);
    });
  });

  describe('GET /service/browse/{id}', () => {
    it('answers the owner’s service, 404 for a missing or foreign one, 422 for a malformed id', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const id = await createService(server, alice.token, { service_name: 'Mine' });
      expect((await browse(alice.token, id)).json).toMatchObject({ status: 1, data: { service_id: id } });
      expect((await browse(bob.token, id)).status).toBe(404);
      expect((await browse(alice.token, 999_999)).status).toBe(404);
      expect((await server.call('GET', '/api/service/browse/abc', { token: alice.token })).status).toBe(422);
    });
  });

  describe('POST /service/delete/{id}', () => {
    it('removes the service with its commands, variables and examples', async () => {
      const { token } = await registerAndLogin(server);
      const id = await createService(server, token);
      const commandId = await createCommand(server, token, id);
      const varId = await createVariable(server, token, commandId, { var_name: 'city' });
      await createExample(server, token, commandId, 'weather in Cairo', [{ tag: 'Cairo', type: varId }]);
      const kept = await createService(server, token);
      const keptCommand = await createCommand(server, token, kept);
      await createExample(server, token, keptCommand, 'still here');

      const answer = await server.call('POST', `/api/service/delete/${id}`, { token });
      expect(answer.json).toEqual({ status: 1, msg: serviceMessages.deleted });
      expect((await browse(token, id)).status).toBe(404);
      expect((await server.call('GET', `/api/command/browse/${commandId}`, { token })).status).toBe(404);
      expect((await server.call('GET', `/api/command_var/browse/${varId}`, { token })).status).toBe(404);
      const db = server.database.db.withTables<{ command_examples: { example_command_id: number } }>();
      const orphans = await db
        .selectFrom('command_examples')
        .select('example_command_id')
        .where('example_command_id', '=', commandId)
        .execute();
      expect(orphans).toEqual([]);
      const remaining = await server.call('POST', `/api/command_example/get/${keptCommand}`, { token });
      expect(remaining.json.data).toHaveLength(1);
    });

    it('answers 404 for another owner’s service and deletes nothing', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const id = await createService(server, alice.token, { is_public: 1 });
      const commandId = await createCommand(server, alice.token, id);
      const answer = await server.call('POST', `/api/service/delete/${id}`, { token: bob.token });
      expect(answer.status).toBe(404);
      expect((await server.call('POST', '/api/service/delete/x', { token: alice.token })).status).toBe(422);
      expect((await browse(alice.token, id)).status).toBe(200);
      expect(
        (await server.call('GET', `/api/command/browse/${commandId}`, { token: alice.token })).status,
      ).toBe(200);
    });
  });

  describe('GET /service/{service_id}/examples', () => {
    it('answers the examples of the service’s commands', async () => {
      const { token } = await registerAndLogin(server);
      const id = await createService(server, token);
      const first = await createCommand(server, token, id);
      const second = await createCommand(server, token, id);
      await createExample(server, token, first, 'hello');
      await createExample(server, token, second, 'good bye');
      const answer = await server.call('GET', `/api/service/${id}/examples`, { token });
      expect(answer.json.status).toBe(1);
      expect(answer.json.data.map((example: { example_text: string }) => example.example_text)).toEqual([
        'hello',
        'good bye',
      ]);
    });

    it('downloads them as a JSON file named after the service', async () => {
      const { token } = await registerAndLogin(server);
      const id = await createService(server, token, { service_name: 'طقس Weather' });
      const commandId = await createCommand(server, token, id);
      await createExample(server, token, commandId, 'كيف الطقس');
      const answer = await server.call('GET', `/api/service/${id}/examples?type=file`, { token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/json');
      const disposition = answer.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename=".*Weather examples\.json"/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe('طقس Weather examples.json');
      expect(answer.json.map((example: { example_text: string }) => example.example_text)).toEqual([
        'كيف الطقس',
      ]);
    });

    it('refuses an unknown type and another owner’s service', async () => {
      const alice = await registerAndLogin(server);
      const bob = await registerAndLogin(server);
      const id = await createService(server, alice.token);
      expect(
        (await server.call('GET', `/api/service/${id}/examples?type=xml`, { token: alice.token })).status,
      ).toBe(422);
      expect((await server.call('GET', `/api/service/${id}/examples`, { token: bob.token })).status).toBe(
        404,
      );
    });
  });

  it('keeps GET /user/stats counting the services and commands saved through the API', async () => {
    const { token } = await registerAndLogin(server);
    const id = await createService(server, token);
    await createCommand(server, token, id);
    await createCommand(server, token, id);
    await createService(server, token);
    const stats = await server.call('GET', '/api/user/stats', { token });
    expect(stats.json).toMatchObject({ status: 1, services: 2, commands: 2 });
  });

  it('asks for a sign-in on every services call', async () => {
    for (const [method, path] of [
      ['GET', '/api/service'],
      ['POST', '/api/service/save'],
      ['GET', '/api/service/get_list'],
      ['POST', '/api/service/clone/1'],
    ] as const) {
      expect((await server.call(method, path)).status).toBe(401);
    }
  });
});
