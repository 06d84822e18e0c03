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

describe.each(await testDatabaseKinds())('command clone on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  async function twoOwners() {
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server);
    const serviceId = await createService(server, alice.token, { service_name: 'Alice service' });
    const commandId = await createCommand(server, alice.token, serviceId, { command_name: 'hello' });
    return { alice, bob, serviceId, commandId };
  }

  it('copies the command with variables and examples into the target service', async () => {
    const { token } = await registerAndLogin(server);
    const from = await createService(server, token);
    const to = await createService(server, token);
    const commandId = await createCommand(server, token, from, {
      command_name: 'order',
      command_lang: 'en',
    });
    const first = await createVariable(server, token, commandId, { var_name: 'item' });
    const second = await createVariable(server, token, commandId, {
      var_name: 'size',
      var_cursor_var_id: first,
    });
    await createExample(server, token, commandId, 'a large tea', [
      { tag: 'tea', type: first },
      { tag: 'large', type: second },
    ]);
    const answer = await server.call('POST', `/api/command/clone/${to}/${commandId}`, { token });
    expect(answer.json).toMatchObject({
      status: 1,
      data: { command_name: 'order', command_service_id: to, command_lang: 'en' },
    });
    const copyId = answer.json.id;
    const variables = await server.call('GET', `/api/command_var/get_all/${copyId}`, { token });
    const [item, size] = variables.json.data;
    expect([item.var_name, size.var_name]).toEqual(['item', 'size']);
    const sizeRecord = await server.call('GET', `/api/command_var/browse/${size.var_id}`, { token });
    expect(sizeRecord.json.data.var_cursor_var_id).toBe(item.var_id);
    const examples = await server.call('POST', `/api/command_example/get/${copyId}`, { token });
    expect(examples.json.data[0].example_vars).toEqual([
      { tag: 'tea', type: item.var_id },
      { tag: 'large', type: size.var_id },
    ]);

    const sameService = await server.call('POST', `/api/command/clone/${from}/${commandId}`, { token });
    expect(sameService.json.data.command_name).toBe('order (copy)');
  });

  it('copies a command of another owner’s public service, never of a private one', async () => {
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server);
    const shared = await createService(server, alice.token, { is_public: 1 });
    const hidden = await createService(server, alice.token);
    const sharedCommand = await createCommand(server, alice.token, shared, { command_name: 'faq' });
    const hiddenCommand = await createCommand(server, alice.token, hidden);
    const target = await createService(server, bob.token);
    const copied = await server.call('POST', `/api/command/clone/${target}/${sharedCommand}`, {
      token: bob.token,
    });
    expect(copied.json.data).toMatchObject({ command_name: 'faq', user_id: bob.userId });
    const refused = await server.call('POST', `/api/command/clone/${target}/${hiddenCommand}`, {
      token: bob.token,
    });
    expect(refused.status).toBe(404);
    const intoForeign = await server.call('POST', `/api/command/clone/${shared}/${sharedCommand}`, {
      token: bob.token,
    });
    expect(intoForeign.status).toBe(404);
    const list = await server.call('GET', `/api/command/get/${target}/1`, { token: bob.token });
    expect(list.json.data).toHaveLength(1);
    const aliceList = await server.call('GET', `/api/command/get/${shared}/1`, { token: alice.token });
    expect(aliceList.json.data).toHaveLength(1);
  });

  it('refuses a malformed target id', async () => {
    const { alice, commandId } = await twoOwners();
    const answer = await server.call('POST', `/api/command/clone/0/${commandId}`, { token: alice.token });
    expect(answer.status).toBe(422);
  });
});
