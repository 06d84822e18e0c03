import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { createCommand, createService, createVariable } from '../../testing/services/authoring-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(await testDatabaseKinds())('variable lists on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  async function ownerWithCommand() {
    const owner = await registerAndLogin(server);
    const serviceId = await createService(server, owner.token);
    const commandId = await createCommand(server, owner.token, serviceId);
    return { ...owner, serviceId, commandId };
  }

  describe('listing variables', () => {
    it('lists a command’s variables in order, or all the owner’s with 0, by POST and GET', async () => {
      const first = await ownerWithCommand();
      const second = await createCommand(server, first.token, first.serviceId);
      const late = await createVariable(server, first.token, first.commandId, {
        var_name: 'late',
        var_order: 2,
      });
      const early = await createVariable(server, first.token, first.commandId, {
        var_name: 'early',
        var_order: 1,
      });
      const elsewhere = await createVariable(server, first.token, second, { var_name: 'elsewhere' });
      const stranger = await ownerWithCommand();
      await createVariable(server, stranger.token, stranger.commandId, { var_name: 'strange' });

      const ofCommand = [
        { var_id: early, var_name: 'early' },
        { var_id: late, var_name: 'late' },
      ];
      for (const method of ['POST', 'GET'] as const) {
        const answer = await server.call(method, `/api/command_var/get_all/${first.commandId}`, {
          token: first.token,
        });
        expect(answer.json).toEqual({ status: 1, data: ofCommand });
      }
      const all = await server.call('POST', '/api/command_var/get_all/0', { token: first.token, body: {} });
      expect(all.json.data.map((item: { var_id: number }) => item.var_id).sort()).toEqual(
        [early, late, elsewhere].sort(),
      );
      const foreign = await server.call('GET', `/api/command_var/get_all/${first.commandId}`, {
        token: stranger.token,
      });
      expect(foreign.status).toBe(404);
      const malformed = await server.call('GET', '/api/command_var/get_all/abc', { token: first.token });
      expect(malformed.status).toBe(422);
    });

    it('lists the owner’s preference variables', async () => {
      const owner = await ownerWithCommand();
      const preference = await createVariable(server, owner.token, owner.commandId, {
        var_name: 'language',
        var_is_preference: 1,
        var_is_preference_timeout: 5,
      });
      await createVariable(server, owner.token, owner.commandId, { var_name: 'plain' });
      const stranger = await ownerWithCommand();
      await createVariable(server, stranger.token, stranger.commandId, {
        var_name: 'theirs',
        var_is_preference: 1,
      });
      const answer = await server.call('POST', '/api/command_var/get_all_preferences/0', {
        token: owner.token,
      });
      expect(answer.json).toEqual({ status: 1, data: [{ var_id: preference, var_name: 'language' }] });
    });

    it('pages a command’s variables with keyword search', async () => {
      const owner = await ownerWithCommand();
      for (let index = 1; index <= 11; index += 1) {
        await createVariable(server, owner.token, owner.commandId, {
          var_name: `slot_${index}`,
          var_order: index,
        });
      }
      await createVariable(server, owner.token, owner.commandId, { var_name: 'Destination', var_order: 20 });
      const path = `/api/command_var/get/${owner.commandId}`;
      const first = await server.call('POST', `${path}/1`, { token: owner.token, body: { keywords: '' } });
      expect(first.json).toMatchObject({ status: 1, page: 1, pages_count: 2 });
      expect(first.json.data).toHaveLength(10);
      const second = await server.call('POST', `${path}/2`, { token: owner.token, body: {} });
      expect(second.json.data.map((row: { var_name: string }) => row.var_name)).toEqual([
        'slot_11',
        'Destination',
      ]);
      const search = await server.call('POST', `${path}/1`, {
        token: owner.token,
        body: { keywords: 'destin' },
      });
      expect(search.json.data.map((row: { var_name: string }) => row.var_name)).toEqual(['Destination']);
      const stranger = await ownerWithCommand();
      expect((await server.call('POST', `${path}/1`, { token: stranger.token, body: {} })).status).toBe(404);
      const tooLong = await server.call('POST', `${path}/1`, {
        token: owner.token,
        body: { keywords: 'x'.repeat(201) },
      });
      expect(tooLong.status).toBe(422);
    });
  });
});
