import { messages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(await testDatabaseKinds())('POST /validate-sender on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([[1], [8_123_456_789], ['42']])('accepts the positive integer %s without a token', async (id) => {
    const answer = await server.call('POST', '/api/validate-sender', { body: { id } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: 1 });
  });

  it.each([
    [0],
    [-5],
    [1.5],
    ['abc'],
    [''],
    ['1e3'],
    [null],
    [true],
    [[5]],
    [{}],
    [Number.MAX_SAFE_INTEGER + 2],
  ])('refuses %j', async (id) => {
    const answer = await server.call('POST', '/api/validate-sender', { body: { id } });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      status: 0,
      msg: messages.givenDataInvalid,
      errors: { id: [messages.senderInvalid] },
    });
  });

  it('refuses a missing id', async () => {
    const answer = await server.call('POST', '/api/validate-sender', { body: {} });
    expect(answer.status).toBe(422);
    expect(answer.json.errors.id).toBeDefined();
  });
});
