import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVariable } from '../../testing/services/authoring-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { insertCommand } from '../commands/command-repository.ts';
import { createDataset } from '../datasets/dataset-repository.ts';
import { copyResponses } from './copy-response.ts';
import { ownerWithCommands } from './test-commands.ts';

describe.each(await testDatabaseKinds())(
  'responses and advertises follow their command on $label',
  (kind) => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(async () => {
      await server.close();
    });

    const tables = () =>
      server.database.db.withTables<{
        command_responses: { resp_command_id: number };
        command_advertises: { command_id: number };
      }>();

    async function rowsOf(commandId: number) {
      const responses = await tables()
        .selectFrom('command_responses')
        .selectAll()
        .where('resp_command_id', '=', commandId)
        .execute();
      const ads = await tables()
        .selectFrom('command_advertises')
        .selectAll()
        .where('command_id', '=', commandId)
        .execute();
      return { responses: responses.length, ads: ads.length };
    }

    async function furnish(
      owner: Awaited<ReturnType<typeof ownerWithCommands>>,
      commandId = owner.commandId,
    ) {
      const token = owner.token;
      const city = await createVariable(server, token, commandId, { var_name: 'city' });
      const record = {
        resp_type: 'text',
        resp_text: 'Hi',
        resp_quick_reply: owner.commandIds.map((id) => ({ label: `to ${id}`, value: 'go', command_id: id })),
        resp_api_pars: [{ name: 'q', var_id: city, var_name: 'city', var_default_value: '' }],
      };
      const saved = await server.call('POST', `/api/command_response/save/${commandId}`, {
        token,
        body: { record },
      });
      expect(saved.status, saved.text).toBe(200);
      await server.call('POST', `/api/command_advertises/save/${commandId}`, {
        token,
        body: { data: [{ code: '<b>ad</b>', status: 1 }] },
      });
      return { city };
    }

    it('removes the response and ads when the command is deleted', async () => {
      const owner = await ownerWithCommands(server, 2);
      await furnish(owner);
      expect(await rowsOf(owner.commandId)).toEqual({ responses: 1, ads: 1 });
      const answer = await server.call('POST', `/api/command/delete/${owner.commandId}`, {
        token: owner.token,
      });
      expect(answer.status, answer.text).toBe(200);
      expect(await rowsOf(owner.commandId)).toEqual({ responses: 0, ads: 0 });
    });

    it('removes them with the whole service', async () => {
      const owner = await ownerWithCommands(server);
      await furnish(owner);
      const answer = await server.call('POST', `/api/service/delete/${owner.serviceId}`, {
        token: owner.token,
      });
      expect(answer.status, answer.text).toBe(200);
      expect(await rowsOf(owner.commandId)).toEqual({ responses: 0, ads: 0 });
    });

    it('copies response and ads through the command clone call', async () => {
      const owner = await ownerWithCommands(server, 2);
      await furnish(owner);
      const { token } = owner;
      const clone = await server.call('POST', `/api/command/clone/${owner.serviceId}/${owner.commandId}`, {
        token,
      });
      expect(clone.status, clone.text).toBe(200);
      const copyId = clone.json.id as number;
      const copied = (await server.call('GET', `/api/command_response/get/${copyId}`, { token })).json.data;
      expect(copied.resp_text).toBe('Hi');
      expect(copied.resp_quick_reply.map((reply: { command_id: number }) => reply.command_id)).toEqual([
        copyId,
        owner.commandIds[1],
      ]);
      const ads = (await server.call('GET', `/api/command_advertises/get/${copyId}`, { token })).json.data;
      expect(ads).toMatchObject([{ code: '<b>ad</b>', command_id: copyId }]);
    });

    it('copies response and ads on clone, pointing quick replies and variables at the copies', async () => {
      const owner = await ownerWithCommands(server, 2);
      const [first, second] = owner.commandIds as [number, number];
      const { city } = await furnish(owner, first);
      const cityCopy = await createVariable(server, owner.token, second, { var_name: 'city_copy' });
      const db = server.database.db;
      const firstCopy = await insertCommand(db, {
        userId: owner.userId,
        serviceId: owner.serviceId,
        name: 'copy',
      });
      await db.transaction().execute((trx) =>
        copyResponses(trx, {
          userId: owner.userId,
          commandIdMap: new Map([[first, firstCopy]]),
          variableIdMap: new Map([[city, cityCopy]]),
        }),
      );
      const { token } = owner;
      const copied = (await server.call('GET', `/api/command_response/get/${firstCopy}`, { token })).json
        .data;
      expect(copied.resp_quick_reply.map((reply: { command_id: number }) => reply.command_id)).toEqual([
        firstCopy,
        second,
      ]);
      expect(copied.resp_api_pars[0].var_id).toBe(cityCopy);
      const ads = (await server.call('GET', `/api/command_advertises/get/${firstCopy}`, { token })).json.data;
      expect(ads).toMatchObject([{ code: '<b>ad</b>', status: 1, command_id: firstCopy }]);
    });

    it("drops quick replies' links into the source owner's account when another owner clones", async () => {
      const author = await ownerWithCommands(server, 2);
      const first = author.commandId;
      await furnish(author, first);
      const cloner = await ownerWithCommands(server);
      const db = server.database.db;
      await db
        .transaction()
        .execute((trx) =>
          copyResponses(trx, { userId: cloner.userId, commandIdMap: new Map([[first, cloner.commandId]]) }),
        );
      const { token } = cloner;
      const copied = (await server.call('GET', `/api/command_response/get/${cloner.commandId}`, { token }))
        .json.data;
      expect(copied.resp_quick_reply.map((reply: { command_id: number | null }) => reply.command_id)).toEqual(
        [cloner.commandId, null],
      );
      expect(copied.resp_api_pars[0].var_id).toBeNull();
      const ads = (await server.call('GET', `/api/command_advertises/get/${cloner.commandId}`, { token }))
        .json.data;
      expect(ads).toHaveLength(1);
    });

    it("drops another owner's private dataset when another owner clones, and keeps a public menu", async () => {
      const author = await ownerWithCommands(server);
      const db = server.database.db;
      const privateSet = await createDataset(db, { userId: author.userId, name: 'secret' });
      const publicMenu = await createDataset(db, {
        userId: author.userId,
        name: 'menu',
        type: 'menu',
        isPublic: 1,
      });
      const record = {
        resp_type: 'ds',
        resp_dataset_id: privateSet.ds_id,
        resp_menu_id: publicMenu.ds_id,
        resp_dataset: { ds_id: privateSet.ds_id, resp: { receipt: { dataset_id: privateSet.ds_id } } },
      };
      const saved = await server.call('POST', `/api/command_response/save/${author.commandId}`, {
        token: author.token,
        body: { record },
      });
      expect(saved.status, saved.text).toBe(200);
      const cloner = await ownerWithCommands(server);
      await db.transaction().execute((trx) =>
        copyResponses(trx, {
          userId: cloner.userId,
          commandIdMap: new Map([[author.commandId, cloner.commandId]]),
        }),
      );
      const copied = (
        await server.call('GET', `/api/command_response/get/${cloner.commandId}`, { token: cloner.token })
      ).json.data;
      expect(copied).toMatchObject({
        resp_type: 'ds',
        resp_dataset_id: null,
        resp_menu_id: publicMenu.ds_id,
      });
      expect(copied.resp_dataset).toEqual({ ds_id: null, resp: { receipt: { dataset_id: null } } });
    });
  },
);
