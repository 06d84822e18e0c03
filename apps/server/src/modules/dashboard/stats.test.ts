import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { createCommand, createExample, createService } from '../../testing/services/authoring-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { insertCommand } from '../commands/command-repository.ts';
import { insertSender } from '../senders/sender-repository.ts';
import { insertService } from '../services/service-repository.ts';

describe.each(await testDatabaseKinds())('dashboard stats on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  async function seed(
    userId: number,
    counts: { senders: number; services: number; commandsPerService: number },
  ) {
    const { db } = server.database;
    for (let index = 0; index < counts.senders; index += 1) {
      await insertSender(db, { userId, senderId: `sender-${index}`, platform: 'web' });
    }
    for (let index = 0; index < counts.services; index += 1) {
      const serviceId = await insertService(db, { userId, name: `service ${index}` });
      for (let command = 0; command < counts.commandsPerService; command += 1) {
        await insertCommand(db, { userId, serviceId, name: `command ${index}.${command}` });
      }
    }
  }

  it('counts only the signed-in owner’s senders, services and commands', async () => {
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server);
    await seed(alice.userId, { senders: 3, services: 2, commandsPerService: 2 });
    await seed(bob.userId, { senders: 1, services: 1, commandsPerService: 5 });

    const aliceStats = await server.call('GET', '/api/user/stats', { token: alice.token });
    expect(aliceStats.json).toEqual({
      status: 1,
      senders: 3,
      services: 2,
      commands: 4,
      first_steps: { command_with_examples: null, has_response: false },
    });
    const bobStats = await server.call('GET', '/api/user/stats', { token: bob.token });
    expect(bobStats.json).toEqual({
      status: 1,
      senders: 1,
      services: 1,
      commands: 5,
      first_steps: { command_with_examples: null, has_response: false },
    });
  });

  it('reports the first steps from the owner’s own commands, examples and responses', async () => {
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server);
    const firstSteps = async (token: string) =>
      (await server.call('GET', '/api/user/stats', { token })).json.first_steps;
    expect(await firstSteps(alice.token)).toEqual({ command_with_examples: null, has_response: false });

    const serviceId = await createService(server, alice.token);
    const emptyCommand = await createCommand(server, alice.token, serviceId, { command_name: 'hours' });
    const orderCommand = await createCommand(server, alice.token, serviceId, { command_name: 'order' });
    expect(emptyCommand).toBeLessThan(orderCommand);
    expect((await firstSteps(alice.token)).command_with_examples).toBeNull();
    await createExample(server, alice.token, orderCommand, 'i want a pizza');
    expect(await firstSteps(alice.token)).toEqual({
      command_with_examples: { service_id: serviceId, command_id: orderCommand },
      has_response: false,
    });

    const saved = await server.call('POST', `/api/command_response/save/${orderCommand}`, {
      token: alice.token,
      body: { record: { resp_type: 'text', resp_text: 'Which size?' } },
    });
    expect(saved.json.status).toBe(1);
    expect((await firstSteps(alice.token)).has_response).toBe(true);
    expect(await firstSteps(bob.token)).toEqual({ command_with_examples: null, has_response: false });
  });

  it('shows each owner only their own profile', async () => {
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server);
    const me = await server.call('GET', '/api/user/me', { token: bob.token });
    expect(me.json.data.user_id).toBe(bob.userId);
    expect(me.json.data.user_id).not.toBe(alice.userId);
    expect(JSON.stringify(me.json)).not.toContain(alice.account.user_email);
  });
});
