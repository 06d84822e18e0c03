import { serviceMessages } from '@hiwar/contracts';
import { sql } from 'kysely';
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
import { createDataset } from '../datasets/dataset-repository.ts';

describe.each(await testDatabaseKinds())('service clone and lists on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  /** A service with two commands: `book` has a cursor and a fallback redirect to `help`, and a tagged example. */
  async function buildBookingService(token: string, fields: { service_name: string; is_public?: number }) {
    const serviceId = await createService(server, token, fields);
    const help = await createCommand(server, token, serviceId, { command_name: 'help' });
    const book = await createCommand(server, token, serviceId, { command_name: 'book', command_lang: 'en' });
    const city = await createVariable(server, token, book, { var_name: 'city', var_order: 1 });
    const date = await createVariable(server, token, book, {
      var_name: 'date',
      var_order: 2,
      var_cursor_var_id: city,
      var_fallback_type: 'redir',
      var_fallback_redirect_command_id: help,
    });
    await createExample(server, token, book, 'book Cairo tomorrow', [
      { tag: 'Cairo', type: city },
      { tag: 'tomorrow', type: date },
    ]);
    return { serviceId, help, book, city, date };
  }

  async function commandsOf(token: string, serviceId: number) {
    const answer = await server.call('GET', `/api/command/get/${serviceId}/1`, { token });
    return answer.json.data as { command_id: number; command_name: string; command_lang: string }[];
  }

  async function variablesOf(token: string, commandId: number) {
    const items = await server.call('GET', `/api/command_var/get_all/${commandId}`, { token });
    return Promise.all(
      items.json.data.map(
        async (item: { var_id: number }) =>
          (await server.call('GET', `/api/command_var/browse/${item.var_id}`, { token })).json.data,
      ),
    );
  }

  it('copies the owner’s service as "X (copy)" with commands, variables and examples, remapping ids', async () => {
    const { token } = await registerAndLogin(server);
    const source = await buildBookingService(token, { service_name: 'Booking' });
    const answer = await server.call('POST', `/api/service/clone/${source.serviceId}`, { token });
    expect(answer.json).toMatchObject({
      status: 1,
      msg: serviceMessages.cloned,
      data: { service_name: 'Booking (copy)', is_public: 0 },
    });
    const copyId = answer.json.data.service_id as number;
    expect(copyId).not.toBe(source.serviceId);

    const commands = await commandsOf(token, copyId);
    expect(commands.map((command) => command.command_name)).toEqual(['help', 'book']);
    const [help, book] = commands;
    expect(book?.command_lang).toBe('en');
    const [city, date] = await variablesOf(token, book?.command_id ?? 0);
    expect(city.var_id).not.toBe(source.city);
    expect(date).toMatchObject({
      var_name: 'date',
      var_cursor_var_id: city.var_id,
      var_fallback_redirect_command_id: help?.command_id,
    });
    const examples = await server.call('POST', `/api/command_example/get/${book?.command_id}`, { token });
    expect(examples.json.data[0].example_vars).toEqual([
      { tag: 'Cairo', type: city.var_id },
      { tag: 'tomorrow', type: date.var_id },
    ]);

    const again = await server.call('POST', `/api/service/clone/${source.serviceId}`, { token });
    expect(again.json.data.service_name).toBe('Booking (copy 2)');
    const original = await variablesOf(token, source.book);
    expect(original[1]).toMatchObject({
      var_cursor_var_id: source.city,
      var_fallback_redirect_command_id: source.help,
    });
  });

  it('copies each command’s response and advertises, pointing quick replies at the copied commands', async () => {
    const { token } = await registerAndLogin(server);
    const source = await buildBookingService(token, { service_name: 'With replies' });
    const record = {
      resp_type: 'text',
      resp_text: 'Booked!',
      resp_quick_reply: [{ label: 'help', value: 'help', command_id: source.help }],
    };
    const saved = await server.call('POST', `/api/command_response/save/${source.book}`, {
      token,
      body: { record },
    });
    expect(saved.json.status).toBe(1);
    await server.call('POST', `/api/command_advertises/save/${source.book}`, {
      token,
      body: { data: [{ code: '<b>ad</b>', status: 1 }] },
    });

    const answer = await server.call('POST', `/api/service/clone/${source.serviceId}`, { token });
    const [help, book] = await commandsOf(token, answer.json.data.service_id);
    const response = await server.call('GET', `/api/command_response/get/${book?.command_id}`, { token });
    expect(response.json.data).toMatchObject({
      resp_text: 'Booked!',
      resp_quick_reply: [{ label: 'help', command_id: help?.command_id }],
    });
    const ads = await server.call('GET', `/api/command_advertises/get/${book?.command_id}`, { token });
    expect(JSON.stringify(ads.json.data)).toContain('<b>ad</b>');
  });

  it('clones another owner’s public service into the caller’s account, dropping their private dataset', async () => {
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server);
    const source = await buildBookingService(alice.token, { service_name: 'Shared booking', is_public: 1 });
    const privateSet = await createDataset(server.database.db, { userId: alice.userId, name: 'cities' });
    await createVariable(server, alice.token, source.help, {
      var_name: 'topic',
      var_type: 'search_DS',
      var_type_ds_id: privateSet.ds_id,
    });

    const answer = await server.call('POST', `/api/service/clone/${source.serviceId}`, { token: bob.token });
    expect(answer.json.data).toMatchObject({ service_name: 'Shared booking (copy)', user_id: bob.userId });
    const commands = await commandsOf(bob.token, answer.json.data.service_id);
    const help = commands.find((command) => command.command_name === 'help');
    const [topic] = await variablesOf(bob.token, help?.command_id ?? 0);
    expect(topic).toMatchObject({ var_type: 'search_DS', var_type_ds_id: null, user_id: bob.userId });
    expect(
      (await server.call('GET', `/api/service/browse/${source.serviceId}`, { token: bob.token })).status,
    ).toBe(404);
  });

  it('answers 404 when cloning another owner’s private service and creates nothing', async () => {
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server);
    const id = await createService(server, alice.token, { service_name: 'Secret' });
    const answer = await server.call('POST', `/api/service/clone/${id}`, { token: bob.token });
    expect(answer.status).toBe(404);
    expect((await server.call('POST', '/api/service/clone/0', { token: bob.token })).status).toBe(422);
    const list = await server.call('GET', '/api/service', { token: bob.token });
    expect(list.json.data.total).toBe(0);
  });

  /** Makes inserting an example with the text 'boom' fail, as a crash in the middle of a copy would. */
  async function failExampleInserts(): Promise<() => Promise<void>> {
    const { db, dialect } = server.database;
    if (dialect === 'sqlite') {
      await sql`create trigger fail_boom before insert on command_examples when new.example_text = 'boom'
        begin select raise(abort, 'boom'); end`.execute(db);
      return async () => void (await sql`drop trigger fail_boom`.execute(db));
    }
    await sql`create function fail_boom() returns trigger language plpgsql as $$
      begin if new.example_text = 'boom' then raise exception 'boom'; end if; return new; end $$`.execute(db);
    await sql`create trigger fail_boom before insert on command_examples
      for each row execute function fail_boom()`.execute(db);
    return async () => {
      await sql`drop trigger fail_boom on command_examples`.execute(db);
      await sql`drop function fail_boom()`.execute(db);
    };
  }

  it('leaves no half-written copy when the clone fails midway', async () => {
    const { token } = await registerAndLogin(server);
    const source = await buildBookingService(token, { service_name: 'Atomic' });
    await createExample(server, token, source.help, 'boom');
    const before = await server.call('GET', '/api/user/stats', { token });
    const restore = await failExampleInserts();
    try {
      const answer = await server.call('POST', `/api/service/clone/${source.serviceId}`, { token });
      expect(answer.status).toBe(500);
    } finally {
      await restore();
    }
    const after = await server.call('GET', '/api/user/stats', { token });
    expect(after.json).toEqual(before.json);
    const all = await server.call('POST', '/api/command_var/get_all/0', { token });
    expect(all.json.data).toHaveLength(2);
  });

  it('lists the owner’s services and everyone else’s public ones with their commands', async () => {
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server);
    const shared = await createService(server, alice.token, { service_name: 'Alice public', is_public: 1 });
    const sharedCommand = await createCommand(server, alice.token, shared, { command_name: 'greet' });
    await createService(server, alice.token, { service_name: 'Alice private' });
    const own = await createService(server, bob.token, { service_name: 'Bob own' });

    const answer = await server.call('GET', '/api/service/get_list', { token: bob.token });
    expect(answer.json.status).toBe(1);
    expect(answer.json.private).toEqual([{ service_id: own, service_name: 'Bob own', commands: [] }]);
    expect(answer.json.public).toContainEqual({
      service_id: shared,
      service_name: 'Alice public',
      commands: [{ command_id: sharedCommand, command_name: 'greet' }],
    });
    const names = answer.json.public.map((service: { service_name: string }) => service.service_name);
    expect(names).not.toContain('Alice private');
  });

  it('never lets another owner edit, switch or delete a public service', async () => {
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server);
    const shared = await createService(server, alice.token, { service_name: 'Open', is_public: 1 });
    const commandId = await createCommand(server, alice.token, shared);
    const attempts = [
      [`/api/service/save/${shared}`, { service_name: 'Taken over' }],
      [`/api/service/set_status/${shared}`, { status: 0 }],
      [`/api/service/delete/${shared}`, undefined],
      [`/api/command/save/${shared}/${commandId}`, { command_name: 'renamed' }],
      [`/api/command/delete/${commandId}`, undefined],
    ] as const;
    for (const [path, body] of attempts) {
      expect((await server.call('POST', path, { token: bob.token, body })).status).toBe(404);
    }
    const service = await server.call('GET', `/api/service/browse/${shared}`, { token: alice.token });
    expect(service.json.data).toMatchObject({ service_name: 'Open', service_status: 1 });
    const command = await server.call('GET', `/api/command/browse/${commandId}`, { token: alice.token });
    expect(command.status).toBe(200);
  });
});
