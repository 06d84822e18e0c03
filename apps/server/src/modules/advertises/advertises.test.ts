import { advertiseMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { ownerWithCommands } from '../responses/test-commands.ts';
import { getActiveAdvertises } from './advertise-service.ts';

describe.each(await testDatabaseKinds())('command advertises on $label', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  const list = (commandId: number, token: string) =>
    server.call('GET', `/api/command_advertises/get/${commandId}`, { token });
  const save = (commandId: number, token: string, data: unknown) =>
    server.call('POST', `/api/command_advertises/save/${commandId}`, { token, body: { data } });
  const remove = (id: number, token: string) =>
    server.call('DELETE', `/api/command_advertises/${id}`, { token });

  it('answers an empty list for a command without ads', async () => {
    const { commandId, token } = await ownerWithCommands(server);
    expect((await list(commandId, token)).json).toEqual({ status: 1, data: [] });
  });

  it('inserts ads without an id, updates ads with one, and answers the refreshed list', async () => {
    const { commandId, token } = await ownerWithCommands(server);
    const first = await save(commandId, token, [
      { code: '<b>Sale</b>', status: 1 },
      { code: '<i>New</i>', status: 0, random: 1, random_ratio: 40 },
    ]);
    expect(first.status, first.text).toBe(200);
    expect(first.json.data).toMatchObject([
      { code: '<b>Sale</b>', status: 1, random: 0, random_ratio: '10', command_id: commandId },
      { code: '<i>New</i>', status: 0, random: 1, random_ratio: '40' },
    ]);
    const [sale, fresh] = first.json.data;
    const second = await save(commandId, token, [{ ...fresh, code: '<i>Newer</i>', random_ratio: '100' }]);
    expect(second.json.data).toHaveLength(2);
    expect(second.json.data[0]).toMatchObject({ id: sale.id, code: '<b>Sale</b>' });
    expect(second.json.data[1]).toMatchObject({ id: fresh.id, code: '<i>Newer</i>', random_ratio: '100' });
    expect((await list(commandId, token)).json.data).toEqual(second.json.data);
  });

  it('refuses empty code and a ratio off the 10..100 step 10 scale, writing nothing', async () => {
    const { commandId, token } = await ownerWithCommands(server);
    const empty = await save(commandId, token, [{ code: '  ' }]);
    expect(empty.status).toBe(422);
    expect(empty.json.errors['data.0.code']).toEqual([advertiseMessages.codeRequired]);
    for (const ratio of [5, 15, 110, '0']) {
      const answer = await save(commandId, token, [{ code: 'x' }, { code: 'y', random_ratio: ratio }]);
      expect(answer.status).toBe(422);
      expect(answer.json.errors['data.1.random_ratio']).toEqual([advertiseMessages.ratioInvalid]);
    }
    const huge = await save(commandId, token, [{ code: 'x'.repeat(20 * 1024 + 1) }]);
    expect(huge.json.errors['data.0.code']).toEqual([advertiseMessages.codeTooLarge]);
    expect((await list(commandId, token)).json.data).toEqual([]);
  });

  it('deletes an ad', async () => {
    const { commandId, token } = await ownerWithCommands(server);
    const [ad] = (await save(commandId, token, [{ code: 'a' }, { code: 'b' }])).json.data;
    expect((await remove(ad.id, token)).json).toEqual({ status: 1 });
    expect((await list(commandId, token)).json.data.map((row: { code: string }) => row.code)).toEqual(['b']);
    expect((await remove(ad.id, token)).status).toBe(404);
  });

  it("answers 404 for another owner's command or ad and changes nothing", async () => {
    const owner = await ownerWithCommands(server);
    const stranger = await ownerWithCommands(server);
    const [ad] = (await save(owner.commandId, owner.token, [{ code: 'mine' }])).json.data;
    expect((await list(owner.commandId, stranger.token)).status).toBe(404);
    expect((await save(owner.commandId, stranger.token, [{ code: 'theirs' }])).status).toBe(404);
    expect((await remove(ad.id, stranger.token)).status).toBe(404);
    const hijack = await save(stranger.commandId, stranger.token, [
      { id: ad.id, code: 'stolen' },
      { code: 'extra' },
    ]);
    expect(hijack.status).toBe(404);
    expect((await list(stranger.commandId, stranger.token)).json.data).toEqual([]);
    expect((await list(owner.commandId, owner.token)).json.data).toMatchObject([{ id: ad.id, code: 'mine' }]);
  });

  it('gives the runtime only the active ads', async () => {
    const { commandId, token } = await ownerWithCommands(server);
    await save(commandId, token, [
      { code: 'on', status: 1, random: 1, random_ratio: 30 },
      { code: 'off', status: 0 },
    ]);
    const active = await getActiveAdvertises(server.database.db, commandId);
    expect(active).toMatchObject([{ code: 'on', status: 1, random: 1, random_ratio: '30' }]);
  });

  it('needs a signed-in user', async () => {
    expect((await server.call('GET', '/api/command_advertises/get/1')).status).toBe(401);
    expect((await server.call('DELETE', '/api/command_advertises/1')).status).toBe(401);
  });
});
