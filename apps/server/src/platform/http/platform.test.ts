import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(await testDatabaseKinds())('HTTP platform on $label', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the health check once the database answers', async () => {
    const answer = await server.call('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: 1 });
  });

  it('answers an unknown /api path with a 404 JSON envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const answer = await server.call(method, '/api/no/such/call');
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ status: 0, msg: messages.notFound });
    }
  });

  it('answers a path that is not valid UTF-8 with 400, and a path parameter too long to name anything with 404', async () => {
    for (const path of ['/widget/api/%C0%AF/settings', '/api/service/browse/%ED%A0%80']) {
      const answer = await server.call('GET', path);
      expect(answer.status, path).toBe(400);
      expect(answer.json).toEqual({ status: 0, msg: messages.malformedPath });
    }
    const long = await server.call('GET', `/widget/api/${'x'.repeat(150)}/settings`);
    expect(long.status).toBe(404);
    expect(long.json).toEqual({ status: 0, msg: messages.notFound });
  });

  it('answers an address over the 16 KB header limit with 431 and the envelope', async () => {
    const answer = await server.call('GET', `/api/debug?message=${'x'.repeat(100 * 1024)}`);
    expect(answer.status).toBe(431);
    expect(answer.json).toEqual({ status: 0, msg: messages.headersTooLarge });
  });

  it('answers malformed JSON with 400 and the malformed-JSON message', async () => {
    const answer = await server.call('POST', '/api/passport/login', {
      raw: '{"email": "a@b.c",',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ status: 0, msg: messages.malformedJson });
  });

  it('refuses a body over 1 MB with 413 JSON', async () => {
    const answer = await server.call('POST', '/api/passport/login', {
      body: { email: 'a@b.cd', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ status: 0, msg: messages.requestTooLarge });
  });

  it('refuses an unsupported content type with 415 JSON', async () => {
    const answer = await server.call('POST', '/api/passport/login', {
      raw: '<login/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(answer.status).toBe(415);
    expect(answer.json.status).toBe(0);
  });

  it('publishes the OpenAPI document generated from the zod schemas', async () => {
    const answer = await server.call('GET', '/api/docs/json');
    expect(answer.status).toBe(200);
    expect(answer.json.openapi).toMatch(/^3\./);
    expect(Object.keys(answer.json.paths)).toContain('/api/health');
  });

  it('tells the operator to build the console when its dist folder is missing', async () => {
    const answer = await server.call('GET', '/');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('npm run build');
  });

  it('sends security headers with a content security policy', async () => {
    const answer = await server.call('GET', '/api/health');
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('console site', () => {
  it('serves the built console at / with its assets and keeps /api answers JSON', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'hiwar-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const [sqlite] = await testDatabaseKinds();
    const server = await startTestServer(sqlite!, { consoleDist: dist });
    try {
      const index = await server.call('GET', '/');
      expect(index.status).toBe(200);
      expect(index.headers.get('content-type')).toContain('text/html');
      expect(index.text).toContain('id="root"');
      expect((await server.call('GET', '/assets/app.js')).text).toBe('console.log(1)');
      const unknownApi = await server.call('GET', '/api/unknown');
      expect(unknownApi.status).toBe(404);
      expect(unknownApi.json).toEqual({ status: 0, msg: messages.notFound });
    } finally {
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
