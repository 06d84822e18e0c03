import { componentsResponse } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(await testDatabaseKinds())('GET /api/components on $label', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers only a signed-in owner', async () => {
    const answer = await server.call('GET', '/api/components');
    expect(answer.status).toBe(401);
    expect(answer.json.status).toBe(0);
  });

  it('lists the built-in components by category, with their fixed ids, fields and data types', async () => {
    const { token } = await registerAndLogin(server);
    const answer = await server.call('GET', '/api/components', { token });
    expect(answer.status, answer.text).toBe(200);
    const parsed = componentsResponse.parse(answer.json);
    expect(
      parsed.components.map(({ id, category, name, dataTypes }) => ({ id, category, name, dataTypes })),
    ).toEqual([
      { id: 4, category: 'Data', name: 'My saved records', dataTypes: ['single', 'multi'] },
      { id: 3, category: 'Places', name: 'Map locations nearest first', dataTypes: ['single', 'multi'] },
      { id: 1, category: 'Sender', name: 'Sender profile', dataTypes: ['single'] },
      { id: 2, category: 'Time', name: 'Date and time', dataTypes: ['single'] },
    ]);
    const dateTime = parsed.components.find((component) => component.id === 2);
    expect(dateTime?.fields.map((field) => field.name)).toEqual([
      'date',
      'time',
      'weekday',
      'datetime',
      'timezone',
    ]);
    expect(dateTime?.description).toContain('timezone');
    // what the registry keeps for itself (providers, defaults) is not sent
    expect(Object.keys(answer.json.components[0]).sort()).toEqual([
      'category',
      'dataTypes',
      'description',
      'fields',
      'id',
      'name',
    ]);
  });

  it('answers every owner the same list', async () => {
    const first = await registerAndLogin(server);
    const second = await registerAndLogin(server);
    const [a, b] = await Promise.all([
      server.call('GET', '/api/components', { token: first.token }),
      server.call('GET', '/api/components', { token: second.token }),
    ]);
    expect(a.json).toEqual(b.json);
  });
});
