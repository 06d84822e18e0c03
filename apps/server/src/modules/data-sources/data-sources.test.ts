import { dataSourceMessages, responseMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  closedPort,
  createMariaDbDatabase,
  dropMariaDbDatabase,
  MARIADB,
  mariaDbConnectionsTo,
  onPostgres,
  POSTGRES,
  uniqueName,
} from '../../testing/data-sources/data-sources.ts';
import { type OwnerWorld, registerOwner, seedOwnerWorld } from '../../testing/owner-world.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { findOwnDataSource } from './data-source-repository.ts';

describe.each(await testDatabaseKinds())('data sources on $label', (kind) => {
  let server: TestServer;
  let owner: OwnerWorld;
  let other: OwnerWorld;
  const mariaDbName = uniqueName('hiwar_ds');
  const postgresTable = uniqueName('hiwar_ds_table');

  beforeAll(async () => {
    server = await startTestServer(kind, { outboundAllow: ['127.0.0.1'] });
    owner = await seedOwnerWorld(server, await registerOwner(server, 'dsowner'));
    other = await seedOwnerWorld(server, await registerOwner(server, 'dsother'));
    await createMariaDbDatabase(mariaDbName, ['customers', 'orders']);
    await onPostgres(`CREATE TABLE ${postgresTable} (id integer primary key)`);
  });
  afterAll(async () => {
    await server.close();
    await dropMariaDbDatabase(mariaDbName);
    await onPostgres(`DROP TABLE IF EXISTS ${postgresTable}`);
  });

  const save = (id: number, body: unknown, token = owner.token) =>
    server.call('POST', `/api/data_sources/save/${id}`, { token, body });
  const tablesOf = (id: number, token = owner.token) =>
    server.call('POST', '/api/data_sources/get_tables_name', { token, body: { data_source_id: id } });
  const browse = (id: number, token = owner.token) =>
    server.call('GET', `/api/data_sources/browse/${id}`, { token });

  const mariaDb = (overrides: Record<string, unknown> = {}) => ({
    name: uniqueName('shop'),
    driver: 'MYSQL',
    host: MARIADB.host,
    dbname: mariaDbName,
    username: MARIADB.username,
    password: MARIADB.password,
    ...overrides,
  });
  const postgres = (overrides: Record<string, unknown> = {}) => ({
    name: uniqueName('crm'),
    driver: 'POSTGRE_SQL',
    host: POSTGRES.host,
    port: POSTGRES.port,
    dbname: POSTGRES.dbname,
    username: POSTGRES.username,
    ...overrides,
  });

  /** A closed pool's connections leave the server's process list a moment after the pool ends. */
  const expectNoConnectionsTo = (dbname: string) =>
    vi.waitFor(async () => expect(await mariaDbConnectionsTo(dbname)).toBe(0), { timeout: 3000 });

  async function countOwnDataSources(): Promise<number> {
    const answer = await server.call('GET', '/api/data_sources?all', { token: owner.token });
    return answer.json.data.length;
  }

  async function expectRefusedSave(body: unknown, field: string, message: string) {
    const before = await countOwnDataSources();
    const answer = await save(0, body);
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json).toMatchObject({ status: 0, msg: message, errors: { [field]: [message] } });
    expect(await countOwnDataSources()).toBe(before);
  }

  it('saves a MariaDB connection after trying it and lists its tables', async () => {
    const body = mariaDb();
    const saved = await save(0, body);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({
      status: 1,
      msg: 'successfully added',
      data: { entity: { name: body.name } },
    });
    const id = saved.json.data.data_source_id;

    const tables = await tablesOf(id);
    expect(tables.json).toEqual({ status: 1, data: ['customers', 'orders'] });

    const browsed = await browse(id);
    expect(browsed.json.data).toMatchObject({
      data_source_id: id,
      deleted_at: null,
      entity: { name: body.name, driver: 'MYSQL', host: '127.0.0.1', dbname: mariaDbName, port: null },
    });
    expect(browsed.json.data.entity).not.toHaveProperty('password');
  });

  it('saves a PostgreSQL connection with its password encrypted at rest and never answered', async () => {
    const password = 'pg-secret-passphrase';
    const saved = await save(0, postgres({ password }));
    expect(saved.status, saved.text).toBe(200);
    const id = saved.json.data.data_source_id;

    const row = await findOwnDataSource(server.database.db, owner.userId, id);
    expect(row?.password).toMatch(/^enc:v1:/);
    expect(row?.password).not.toContain(password);

    const answers = [
      await browse(id),
      await server.call('GET', '/api/data_sources?page=1', { token: owner.token }),
      await server.call('GET', '/api/data_sources?all', { token: owner.token }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(password);
      expect(answer.text).not.toContain('enc:v1:');
    }
    expect(answers[0]?.json.data.entity.has_password).toBe(true);
    expect((await tablesOf(id)).json.data).toContain(postgresTable);
  });

  it('says why a connection failed and stores nothing', async () => {
    await expectRefusedSave(mariaDb({ password: 'wrong' }), 'password', dataSourceMessages.badCredentials);
    await expectRefusedSave(
      postgres({ username: uniqueName('nobody') }),
      'password',
      dataSourceMessages.badCredentials,
    );
    await expectRefusedSave(
      mariaDb({ dbname: uniqueName('missing') }),
      'dbname',
      dataSourceMessages.unknownDatabase,
    );
    await expectRefusedSave(
      postgres({ dbname: uniqueName('missing') }),
      'dbname',
      dataSourceMessages.unknownDatabase,
    );
    const port = await closedPort();
    await expectRefusedSave(postgres({ port }), 'port', dataSourceMessages.connectionRefused);
    await expectRefusedSave(mariaDb({ port }), 'port', dataSourceMessages.connectionRefused);
    await expectRefusedSave(
      mariaDb({ host: 'no-such-host.invalid' }),
      'host',
      dataSourceMessages.hostNotFound,
    );
  });

  it('refuses addresses outside the allow-list before connecting, telling how the operator allows one', async () => {
    const refused = await save(0, mariaDb({ host: '127.0.0.2' }));
    expect(refused.json.msg).toBe(
      "Connections to local or private addresses are not allowed. The server's operator can allow this address with OUTBOUND_ALLOW",
    );
    await expectRefusedSave(mariaDb({ host: '127.0.0.2' }), 'host', dataSourceMessages.addressNotAllowed);
    await expectRefusedSave(mariaDb({ host: '10.0.0.1' }), 'host', dataSourceMessages.addressNotAllowed);
    await expectRefusedSave(
      mariaDb({ host: '169.254.169.254' }),
      'host',
      dataSourceMessages.addressNotAllowed,
    );
  });

  it('validates the form fields with their messages', async () => {
    const empty = await save(0, {});
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toMatchObject({
      name: [dataSourceMessages.nameRequired],
      driver: [dataSourceMessages.driverRequired],
      host: [dataSourceMessages.hostRequired],
      dbname: [dataSourceMessages.dbnameRequired],
      username: [dataSourceMessages.usernameRequired],
    });
    // the port's message comes with the others, not after they are fixed
    const onlyDriver = await save(0, { driver: 'POSTGRE_SQL' });
    expect(Object.keys(onlyDriver.json.errors).sort()).toEqual([
      'dbname',
      'host',
      'name',
      'port',
      'username',
    ]);
    const noPort = await save(0, postgres({ port: '' }));
    expect(noPort.json.errors).toEqual({ port: [dataSourceMessages.portRequired] });
    const badPort = await save(0, postgres({ port: '54x' }));
    expect(badPort.json.errors).toEqual({ port: [dataSourceMessages.portInteger] });
    const bigPort = await save(0, postgres({ port: 70000 }));
    expect(bigPort.json.errors).toEqual({ port: [dataSourceMessages.portInteger] });
    for (const driver of ['ORACLE', 'SQLITE']) {
      const disabled = await save(0, mariaDb({ driver, port: 1521 }));
      expect(disabled.status).toBe(422);
      expect(disabled.json.errors.driver).toEqual([dataSourceMessages.driverUnavailable]);
    }
  });

  it('edits a data source: a rename keeps the password, a new wrong password changes nothing', async () => {
    const password = 'kept-password';
    const id = (await save(0, postgres({ password }))).json.data.data_source_id;
    const before = await findOwnDataSource(server.database.db, owner.userId, id);

    // the console leaves the password out unless the owner typed a new one
    const renamed = await save(id, postgres({ name: 'renamed crm' }));
    expect(renamed.json).toMatchObject({ status: 1, msg: 'successfully updated' });
    const after = await findOwnDataSource(server.database.db, owner.userId, id);
    expect(after?.name).toBe('renamed crm');
    expect(after?.password).toBe(before?.password);

    const wrong = await save(id, mariaDb({ password: 'wrong' }));
    expect(wrong.status).toBe(422);
    expect(await findOwnDataSource(server.database.db, owner.userId, id)).toEqual(after);
  });

  it('closes the pool when the data source is switched off, changed or deleted', async () => {
    // databases of this test's own, so no other test's pool shows in their process lists
    const firstDb = uniqueName('hiwar_ds');
    const secondDb = uniqueName('hiwar_ds');
    await createMariaDbDatabase(firstDb, ['customers']);
    await createMariaDbDatabase(secondDb, ['invoices']);
    try {
      const id = (await save(0, mariaDb({ dbname: firstDb }))).json.data.data_source_id;
      expect((await tablesOf(id)).json.data).toEqual(['customers']);
      expect(await mariaDbConnectionsTo(firstDb)).toBeGreaterThan(0);

      const status = () =>
        server.call('PATCH', `/api/data_sources/change_status/${id}`, { token: owner.token });
      const off = await status();
      expect(off.json).toMatchObject({ status: 1, data: { data_source_id: id } });
      expect(off.json.data.deleted_at).not.toBeNull();
      await expectNoConnectionsTo(firstDb);
      expect((await tablesOf(id)).json).toEqual({ status: 0, data: [], msg: dataSourceMessages.switchedOff });
      const active = await server.call('GET', '/api/data_sources?all', { token: owner.token });
      expect(active.json.data.map((row: { data_source_id: number }) => row.data_source_id)).not.toContain(id);

      const on = await status();
      expect(on.json.data.deleted_at).toBeNull();
      expect((await tablesOf(id)).json.data).toEqual(['customers']);

      // pointed at another database: the old pool goes, the next listing opens one to the new database
      expect((await save(id, mariaDb({ dbname: secondDb }))).json.status).toBe(1);
      await expectNoConnectionsTo(firstDb);
      expect((await tablesOf(id)).json.data).toEqual(['invoices']);
      expect(await mariaDbConnectionsTo(secondDb)).toBeGreaterThan(0);

      const deleted = await server.call('DELETE', `/api/data_sources/${id}`, { token: owner.token });
      expect(deleted.json).toEqual({ status: 1, msg: dataSourceMessages.deleted });
      await expectNoConnectionsTo(secondDb);
      expect((await browse(id)).status).toBe(404);
    } finally {
      await dropMariaDbDatabase(firstDb);
      await dropMariaDbDatabase(secondDb);
    }
  });

  it("refuses another owner's data source in every call", async () => {
    const id = (await save(0, mariaDb({ name: `${owner.marker} private` }))).json.data.data_source_id;
    const token = other.token;
    const answers = [
      await browse(id, token),
      await save(id, mariaDb(), token),
      await server.call('PATCH', `/api/data_sources/change_status/${id}`, { token }),
      await server.call('DELETE', `/api/data_sources/${id}`, { token }),
      await tablesOf(id, token),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(404);
      expect(answer.text).not.toContain(owner.marker);
    }
    const lists = [
      await server.call('GET', '/api/data_sources?page=1', { token }),
      await server.call('GET', '/api/data_sources?all', { token }),
    ];
    for (const list of lists) expect(list.text).not.toContain(owner.marker);
    expect((await browse(id)).json.data.deleted_at).toBeNull();
  });

  it('pages and searches the list', async () => {
    const marker = uniqueName('findme');
    await save(0, mariaDb({ name: `${marker} one` }));
    await save(0, mariaDb({ name: `${marker} two` }));
    const found = await server.call('GET', `/api/data_sources?search=${marker}&page=1`, {
      token: owner.token,
    });
    expect(found.json.data).toMatchObject({ total: 2, current_page: 1, last_page: 1, per_page: 10 });
    expect(found.json.data.data.map((row: { entity: { name: string } }) => row.entity.name)).toEqual([
      `${marker} two`,
      `${marker} one`,
    ]);
  });

  it("lets a data_source response point at the owner's data source only", async () => {
    const id = (await save(0, mariaDb())).json.data.data_source_id;
    const record = (dataSourceId: number) => ({
      record: {
        resp_type: 'data_source',
        resp_data_source_id: dataSourceId,
        resp_data_source_query_string: '',
      },
    });
    const own = await server.call('POST', `/api/command_response/save/${owner.commandId}`, {
      token: owner.token,
      body: record(id),
    });
    expect(own.status, own.text).toBe(200);
    const foreign = await server.call('POST', `/api/command_response/save/${other.commandId}`, {
      token: other.token,
      body: record(id),
    });
    expect(foreign.status, foreign.text).toBe(422);
    expect(foreign.json.errors?.['record.resp_data_source_id'], foreign.text).toEqual([
      responseMessages.dataSourceNotFound,
    ]);
  });
});

describe.each(await testDatabaseKinds())('data sources without an allow-list on $label', (kind) => {
  let server: TestServer;
  let owner: OwnerWorld;
  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await seedOwnerWorld(server, await registerOwner(server, 'dsguard'));
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    '127.0.0.1',
    'localhost',
    '2130706433',
    '0x7f.1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::127.0.0.1',
    '[::127.0.0.1]',
  ])('refuses %s and stores nothing', async (host) => {
    const answer = await server.call('POST', '/api/data_sources/save/0', {
      token: owner.token,
      body: { name: 'local', driver: 'MYSQL', host, dbname: 'test', username: 'root', password: '' },
    });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.errors).toEqual({ host: [dataSourceMessages.addressNotAllowed] });
    const list = await server.call('GET', '/api/data_sources?all', { token: owner.token });
    // the seeded world holds one data source; nothing was added
    expect(list.json.data).toHaveLength(1);
  });

  it('answers a stored loopback data source with a failed listing, not a connection', async () => {
    const answer = await server.call('POST', '/api/data_sources/get_tables_name', {
      token: owner.token,
      body: { data_source_id: owner.dataSourceId },
    });
    expect(answer.json).toEqual({ status: 0, data: [], msg: dataSourceMessages.addressNotAllowed });
  });
});
