import { DEPARTMENTS_MAX, departmentMessages, messages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { copyResponses } from '../responses/copy-response.ts';
import { ownerWithCommands } from '../responses/test-commands.ts';

describe.each(await testDatabaseKinds())('customer-support departments on $label', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  const owner = async () => (await registerAndLogin(server)).token;
  const list = (token: string) => server.call('GET', '/api/user/get_cs_departments', { token });
  const add = (token: string, body: unknown) =>
    server.call('POST', '/api/user/add_cs_department', { token, body });
  const update = (token: string, id: number | string, body: unknown) =>
    server.call('POST', `/api/user/update_cs_department/${id}`, { token, body });
  const remove = (token: string, id: number | string) =>
    server.call('POST', `/api/user/delete_cs_department/${id}`, { token });
  const added = async (token: string, name: string): Promise<number> => {
    const answer = await add(token, { name });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.data.id;
  };
  const connectTo = (department: string) => ({
    resp_type: 'text',
    resp_text: 'One moment',
    resp_action_status: 1,
    resp_actions: [{ resp_action_type: 'cs_connect', resp_action_cs_connect_department: department }],
  });
  const saveResponse = (token: string, commandId: number, record: unknown) =>
    server.call('POST', `/api/command_response/save/${commandId}`, { token, body: { record } });

  it('adds departments with trimmed names, lists them in the order they were added, renames and deletes one', async () => {
    const token = await owner();
    expect((await list(token)).json).toEqual({ status: 1, data: [] });
    const first = await add(token, { name: '  Sales  ' });
    expect(first.json).toEqual({
      status: 1,
      msg: messages.successfullySaved,
      data: { id: expect.any(Number), name: 'Sales' },
    });
    const sales = first.json.data.id;
    const support = await added(token, 'الدعم الفني');
    const billing = await added(token, 'Billing');
    expect((await list(token)).json.data).toEqual([
      { id: sales, name: 'Sales' },
      { id: support, name: 'الدعم الفني' },
      { id: billing, name: 'Billing' },
    ]);

    const renamed = await update(token, sales, { name: ' Pre-sales ' });
    expect(renamed.json).toEqual({
      status: 1,
      msg: messages.successfullyUpdated,
      data: { id: sales, name: 'Pre-sales' },
    });
    expect((await remove(token, support)).json).toEqual({ status: 1 });
    expect((await list(token)).json.data).toEqual([
      { id: sales, name: 'Pre-sales' },
      { id: billing, name: 'Billing' },
    ]);
    expect((await remove(token, support)).status).toBe(404);
  });

  it('refuses a missing, blank or over-long name with a field error under name', async () => {
    const token = await owner();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
      const answer = await add(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.json.errors.name).toEqual([departmentMessages.nameRequired]);
    }
    const tooLong = await add(token, { name: 'x'.repeat(101) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.errors.name).toEqual([departmentMessages.nameTooLong]);
    expect((await add(token, { name: ` ${'x'.repeat(100)} ` })).status).toBe(200);
    const id = (await list(token)).json.data[0].id;
    const blankRename = await update(token, id, { name: ' ' });
    expect(blankRename.status).toBe(422);
    expect(blankRename.json.errors.name).toEqual([departmentMessages.nameRequired]);
    for (const badId of ['0', 'abc', '1e1', '-1'])
      expect((await update(token, badId, { name: 'A' })).status).toBe(422);
  });

  it('refuses a name the owner already has, whatever its case and surrounding spaces', async () => {
    const token = await owner();
    const sales = await added(token, 'Sales');
    const billing = await added(token, 'Billing');
    for (const name of ['Sales', 'sales', '  SALES ']) {
      const answer = await add(token, { name });
      expect(answer.status, name).toBe(422);
      expect(answer.json.errors).toEqual({ name: [departmentMessages.nameTaken] });
    }
    const clash = await update(token, billing, { name: 'sALES' });
    expect(clash.status).toBe(422);
    expect(clash.json.errors).toEqual({ name: [departmentMessages.nameTaken] });
    // a department may change the case of its own name
    expect((await update(token, sales, { name: 'SALES' })).json.data).toEqual({ id: sales, name: 'SALES' });
    // another owner may use the same name
    expect((await add(await owner(), { name: 'sales' })).status).toBe(200);
  });

  it(`keeps at most ${DEPARTMENTS_MAX} departments per owner`, async () => {
    const token = await owner();
    for (let index = 1; index <= DEPARTMENTS_MAX; index += 1) await added(token, `Team ${index}`);
    const refused = await add(token, { name: 'One too many' });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({ name: [departmentMessages.tooMany] });
    expect((await list(token)).json.data).toHaveLength(DEPARTMENTS_MAX);
  });

  it("never shows, renames or deletes another owner's department", async () => {
    const alice = await owner();
    const bob = await owner();
    const secret = await added(alice, 'Alice private desk');
    await added(bob, 'Bob desk');
    expect((await list(bob)).json.data).toEqual([{ id: expect.any(Number), name: 'Bob desk' }]);
    const rename = await update(bob, secret, { name: 'Taken over' });
    expect(rename.status).toBe(404);
    expect(rename.text).not.toContain('Alice');
    expect((await remove(bob, secret)).status).toBe(404);
    expect((await update(bob, 999_999_999, { name: 'Nobody' })).status).toBe(404);
    expect((await list(alice)).json.data).toEqual([{ id: secret, name: 'Alice private desk' }]);
    expect((await server.call('GET', '/api/user/get_cs_departments')).status).toBe(401);
  });

  it("saves a cs_connect action to the owner's department and refuses another owner's or an unknown one", async () => {
    const alice = await ownerWithCommands(server);
    const bob = await owner();
    const own = await added(alice.token, 'Sales');
    const foreign = await added(bob, 'Bob sales');
    const path = 'record.resp_actions.0.resp_action_cs_connect_department';
    for (const department of [String(foreign), '999999999', 'Sales', '-1']) {
      const refused = await saveResponse(alice.token, alice.commandId, connectTo(department));
      expect(refused.status, department).toBe(422);
      expect(refused.json.errors).toEqual({ [path]: [departmentMessages.departmentNotFound] });
    }
    expect((await saveResponse(alice.token, alice.commandId, connectTo(''))).status).toBe(200);
    const saved = await saveResponse(alice.token, alice.commandId, connectTo(String(own)));
    expect(saved.status, saved.text).toBe(200);
    const stored = await server.call('GET', `/api/command_response/get/${alice.commandId}`, {
      token: alice.token,
    });
    expect(stored.json.data.resp_actions[0]).toMatchObject({
      resp_action_type: 'cs_connect',
      resp_action_cs_connect_department: String(own),
    });
  });

  it('refuses to delete a department while a response hands over to it, naming the command', async () => {
    const alice = await ownerWithCommands(server, 2);
    const sales = await added(alice.token, 'Sales');
    const unused = await added(alice.token, 'Unused');
    const [first, second] = alice.commandIds as [number, number];
    expect((await saveResponse(alice.token, first, connectTo(String(sales)))).status).toBe(200);
    expect((await saveResponse(alice.token, second, connectTo(String(sales)))).status).toBe(200);
    const refused = await remove(alice.token, sales);
    expect(refused.status).toBe(409);
    expect(refused.json.msg).toBe(
      'The department is used by the response of command "Command 0", the response of command "Command 1"',
    );
    expect((await list(alice.token)).json.data.map((row: { id: number }) => row.id)).toEqual([sales, unused]);
    // renaming a used department is fine: the action keeps its id
    expect((await update(alice.token, sales, { name: 'Sales team' })).status).toBe(200);
    expect((await remove(alice.token, unused)).status).toBe(200);

    await saveResponse(alice.token, first, { resp_type: 'text', resp_text: 'no hand-over' });
    await saveResponse(alice.token, second, { ...connectTo(''), resp_text: 'anyone' });
    expect((await remove(alice.token, sales)).json).toEqual({ status: 1 });
  });

  it("drops the department when another owner's clone copies the response, and keeps it in the owner's own", async () => {
    const author = await ownerWithCommands(server, 2);
    const sales = await added(author.token, 'Sales');
    const [source, ownCopy] = author.commandIds as [number, number];
    expect((await saveResponse(author.token, source, connectTo(String(sales)))).status).toBe(200);
    const cloner = await ownerWithCommands(server);
    const db = server.database.db;
    await db.transaction().execute(async (trx) => {
      await copyResponses(trx, {
        userId: cloner.userId,
        commandIdMap: new Map([[source, cloner.commandId]]),
      });
      await copyResponses(trx, { userId: author.userId, commandIdMap: new Map([[source, ownCopy]]) });
    });
    const departmentOf = async (token: string, commandId: number) =>
      (await server.call('GET', `/api/command_response/get/${commandId}`, { token })).json.data
        .resp_actions[0].resp_action_cs_connect_department;
    expect(await departmentOf(cloner.token, cloner.commandId)).toBe('');
    expect(await departmentOf(author.token, ownCopy)).toBe(String(sales));
  });
});
