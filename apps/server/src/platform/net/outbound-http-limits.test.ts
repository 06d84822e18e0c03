import type { ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reasonOf,
  startTestServer,
  TEST_TLS,
  type TestServer,
} from '../../testing/platform/net/peer-servers.ts';
import { createOutboundGuard, type Resolve } from './outbound-guard.ts';
import { createOutboundHttp } from './outbound-http.ts';

const MB = 1024 * 1024;

/** The head at once, then a byte now and then: only a limit over the whole body stops it. */
function answerSlowly(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.write('a');
  const drip = setInterval(() => response.write('a'), 50);
  response.on('close', () => clearInterval(drip));
}

describe('outbound http: time and size limits', () => {
  let api: TestServer;
  const client = createOutboundHttp(createOutboundGuard(['127.0.0.1']));
  const json = JSON.stringify({ ok: true, text: 'مرحبا' });

  beforeAll(async () => {
    api = await startTestServer((request, response) => {
      switch (request.url) {
        case '/silent':
          return; // never answers
        case '/drip':
          return answerSlowly(response);
        case '/two-megabytes':
          response.setHeader('content-type', 'text/plain');
          return response.end('x'.repeat(2 * MB));
        case '/two-megabytes-chunked':
          response.setHeader('content-type', 'text/plain');
          for (let sent = 0; sent < 2 * MB; sent += 64 * 1024) response.write('x'.repeat(64 * 1024));
          return response.end();
        case '/gzip-bomb':
          response.setHeader('content-encoding', 'gzip');
          return response.end(gzipSync(Buffer.alloc(64 * MB))); // about 64 KB on the wire
        case '/gzip':
          response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
          return response.end(gzipSync(json));
        case '/deflate':
          response.writeHead(200, { 'content-encoding': 'deflate' });
          return response.end(deflateSync(json));
        case '/br':
          response.writeHead(200, { 'content-encoding': 'br' });
          return response.end(brotliCompressSync(json));
        case '/unknown-encoding':
          response.writeHead(200, { 'content-encoding': 'zstd' });
          return response.end('????');
        default:
          response.setHeader('content-length', String(50 * MB));
          return response.end(request.method === 'HEAD' ? undefined : 'short');
      }
    });
  });
  afterAll(() => api.close());

  it('gives up on a server that never answers', async () => {
    expect(await reasonOf(client.request(`${api.origin}/silent`, { timeoutMs: 300 }))).toBe('timeout');
  });

  it('gives up on a body that does not end in time', async () => {
    expect(await reasonOf(client.request(`${api.origin}/drip`, { timeoutMs: 300 }))).toBe('timeout');
  });

  it('stops reading an answer larger than the limit', async () => {
    expect(await reasonOf(client.request(`${api.origin}/two-megabytes`))).toBe('too_large');
    expect(await reasonOf(client.request(`${api.origin}/two-megabytes-chunked`))).toBe('too_large');
    const allowed = await client.request(`${api.origin}/two-megabytes`, { maxBytes: 3 * MB });
    expect(allowed.bodyText).toHaveLength(2 * MB);
  });

  it('counts the decompressed size, so a gzip bomb stops at the limit', async () => {
    expect(await reasonOf(client.request(`${api.origin}/gzip-bomb`, { maxBytes: 10 * MB }))).toBe(
      'too_large',
    );
  });

  it.each(['/gzip', '/deflate', '/br'])('asks for compression and reads a %s answer', async (path) => {
    const answer = await client.request(`${api.origin}${path}`);
    expect(JSON.parse(answer.bodyText)).toEqual({ ok: true, text: 'مرحبا' });
    expect(api.seen.at(-1)?.headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('refuses an answer in an encoding it did not ask for', async () => {
    expect(await reasonOf(client.request(`${api.origin}/unknown-encoding`))).toBe('bad_response');
  });

  it('answers a HEAD request whatever length the server declares', async () => {
    const answer = await client.request(`${api.origin}/head`, { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.bodyText).toBe('');
  });
});

describe('outbound http: TLS', () => {
  let server: Server;
  let port: number;
  const serverNames: string[] = [];
  const resolve: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
  const client = createOutboundHttp(createOutboundGuard(['127.0.0.1'], resolve));

  beforeAll(async () => {
    const options = {
      key: TEST_TLS.key,
      cert: TEST_TLS.cert,
      // called only when the client names a server (SNI); no context of its own: the default certificate
      SNICallback: (name: string, done: (error: Error | null) => void) => {
        serverNames.push(name);
        done(null);
      },
    };
    server = createServer(options, (_, response) => response.end('secret'));
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('sends the name (SNI) to the vetted address and refuses a certificate it cannot trust', async () => {
    const reason = await reasonOf(client.request(`https://${TEST_TLS.name}:${port}/`));
    expect(reason).toBe('tls'); // the certificate is self-signed
    expect(serverNames).toEqual([TEST_TLS.name]);
  });

  it('sends no SNI to an address and still checks the certificate', async () => {
    serverNames.length = 0;
    expect(await reasonOf(client.request(`https://127.0.0.1:${port}/`))).toBe('tls');
    expect(serverNames).toEqual([]);
  });
});
