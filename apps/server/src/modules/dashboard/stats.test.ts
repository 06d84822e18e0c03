import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
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
    expect(aliceStats.json).toEqual({ status: 1, senders: 3, services: 2, commands: 4 });
    const bobStats = await server.call('GET', '/api/user/stats', { token: bob.token });
    expect(bobStats.json).toEqual({ status: 1, senders: 1, services: 1, commands: 5 });
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
