import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonOf, startTestServer, type TestServer } from '../../testing/platform/net/peer-servers.ts';
import { createOutboundGuard, type Resolve } from './outbound-guard.ts';
import { createOutboundHttp } from './outbound-http.ts';

/** A resolver that answers from a table, counting lookups, so no test depends on the network's DNS. */
function tableResolver(table: Record<string, string[]>): Resolve & { lookups: string[] } {
  const lookups: string[] = [];
  const resolve = async (host: string) => {
    lookups.push(host);
    const queue = table[host];
    const address = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  return Object.assign(resolve, { lookups });
}

describe('outbound http: answers', () => {
  let api: TestServer;
  const client = createOutboundHttp(createOutboundGuard(['127.0.0.1']));

  beforeAll(async () => {
    api = await startTestServer((request, response) => {
      if (request.url === '/json') {
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.setHeader('x-answer', 'yes');
        response.end(JSON.stringify({ greeting: 'مرحبا', items: [1, 2] }));
      } else if (request.url === '/windows-1256') {
        response.setHeader('content-type', 'text/plain; charset=windows-1256');
        response.end(Buffer.from([0xe3, 0xd1, 0xcd, 0xc8, 0xc7]));
      } else if (request.url === '/text') {
        response.setHeader('content-type', 'text/plain; charset=utf-8');
        response.end('plain text, نص');
      } else if (request.url.startsWith('/echo')) {
        response.statusCode = 201;
        response.end('stored');
      } else {
        response.statusCode = 404;
        response.end('no such page');
      }
    });
  });
  afterAll(() => api.close());

  it('reads a JSON answer with its status, headers and media type', async () => {
    const answer = await client.request(`${api.origin}/json`);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('application/json');
    expect(answer.headers['x-answer']).toBe('yes');
    expect(JSON.parse(answer.bodyText)).toEqual({ greeting: 'مرحبا', items: [1, 2] });
    expect(answer.url).toBe(`${api.origin}/json`);
  });

  it('reads a text answer, and answers an error status rather than throwing', async () => {
    const text = await client.request(`${api.origin}/text`);
    expect(text.contentType).toBe('text/plain');
    expect(text.bodyText).toBe('plain text, نص');
    const missing = await client.request(`${api.origin}/nowhere`);
    expect(missing.status).toBe(404);
    expect(missing.bodyText).toBe('no such page');
  });

  it('decodes the text in the charset the answer names', async () => {
    expect((await client.request(`${api.origin}/windows-1256`)).bodyText).toBe('مرحبا');
  });

  it("answers a closed port as a network failure, not with Node's error text", async () => {
    const closed = await startTestServer(() => undefined);
    await closed.close();
    const failure = client.request(`${closed.origin}/`);
    expect(await reasonOf(failure)).toBe('network');
    await expect(failure).rejects.toThrow(`127.0.0.1:${closed.port} could not be reached (ECONNREFUSED)`);
  });

  it('delivers a POST body and its headers intact', async () => {
    const body = JSON.stringify({ name: 'سارة', note: 'a, b; "c"' });
    const answer = await client.request(`${api.origin}/echo?x=1&y=%20`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer s3cret', 'X-Trace': 'abc' },
      body,
    });
    expect(answer.status).toBe(201);
    const seen = api.seen.at(-1);
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/echo?x=1&y=%20');
    expect(seen?.body).toBe(body);
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers.authorization).toBe('Bearer s3cret');
    expect(seen?.headers['x-trace']).toBe('abc');
    expect(seen?.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(seen?.headers.host).toBe(`127.0.0.1:${api.port}`);
  });

  it('refuses a header value with a line break, or a method it does not send, instead of sending it', async () => {
    const injected = client.request(`${api.origin}/text`, { headers: { 'X-Evil': 'a\r\nX-Injected: 1' } });
    expect(await reasonOf(injected)).toBe('bad_request');
    const connect = client.request(`${api.origin}/text`, { method: 'CONNECT' as 'GET' });
    expect(await reasonOf(connect)).toBe('bad_request');
  });
});

describe('outbound http: addresses', () => {
  // one server on every local address (IPv4 and IPv6), so a refusal cannot pass for a failed connection
  let sink: TestServer;
  const refusing = createOutboundHttp(
    createOutboundGuard(
      [],
      tableResolver({ 'localhost.test': ['127.0.0.1'], 'meta.test': ['169.254.169.254'] }),
    ),
  );

  beforeAll(async () => {
    const answer = (_: unknown, response: ServerResponse) => response.end('reached');
    // '::' takes IPv4 and IPv6; a machine without IPv6 still takes every IPv4 address on 0.0.0.0
    sink = await startTestServer(answer, '::').catch(() => startTestServer(answer, '0.0.0.0'));
  });
  afterAll(() => sink.close());

  it('reaches the local server when the operator allow-lists 127.0.0.1 (the control)', async () => {
    const allowing = createOutboundHttp(createOutboundGuard(['127.0.0.1']));
    expect((await allowing.request(`http://127.0.0.1:${sink.port}/`)).bodyText).toBe('reached');
    expect((await allowing.request(`http://2130706433:${sink.port}/`)).bodyText).toBe('reached');
    sink.seen.length = 0;
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'cloud metadata'],
    ['100.64.0.1', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['[::1]', 'IPv6 loopback'],
    ['[::ffff:127.0.0.1]', 'IPv4-mapped loopback'],
    ['[fe80::1]', 'IPv6 link-local'],
    ['224.0.0.1', 'multicast'],
    ['[ff02::1]', 'IPv6 multicast'],
    ['2130706433', 'loopback as a decimal number'],
    ['0x7f.1', 'loopback in hex'],
    ['0177.0.0.1', 'loopback in octal'],
    ['127.1', 'loopback, short form'],
    ['localhost.test', 'a name resolving to loopback'],
    ['meta.test', 'a name resolving to the metadata address'],
  ])('refuses %s (%s) without connecting', async (host) => {
    expect(await reasonOf(refusing.request(`http://${host}:${sink.port}/`))).toBe('refused');
    expect(sink.seen).toHaveLength(0);
  });

  it('says in a refusal how the operator lets the address through', async () => {
    await expect(refusing.request(`http://10.0.0.1:${sink.port}/`)).rejects.toThrow(
      "10.0.0.1 is a local or private address; the server's operator can allow it with OUTBOUND_ALLOW",
    );
  });

  it.each([
    ['ftp://example.com/file'],
    ['file:///etc/passwd'],
    ['gopher://127.0.0.1:70/_stats'],
    ['javascript:alert(1)'],
    ['/relative/path'],
    ['not a url'],
    ['http://user:pass@example.com/'],
  ])('refuses %s as a bad URL', async (url) => {
    expect(await reasonOf(refusing.request(url))).toBe('bad_url');
  });

  it('answers a name without an address as not found', async () => {
    expect(await reasonOf(refusing.request('http://nowhere.test/'))).toBe('not_found');
  });

  it('connects to the address the guard vetted, so a second DNS answer cannot redirect it (rebinding)', async () => {
    const rebinding = tableResolver({ 'rebind.test': ['203.0.113.10', '127.0.0.1'] });
    const client = createOutboundHttp(createOutboundGuard([], rebinding));
    const reason = await reasonOf(client.request(`http://rebind.test:${sink.port}/`, { timeoutMs: 1_000 }));
    expect(['network', 'timeout']).toContain(reason); // 203.0.113.10 is a documentation address: nobody answers
    expect(rebinding.lookups).toEqual(['rebind.test']);
    expect(sink.seen).toHaveLength(0);
  });
});

describe('outbound http: the connection goes where the guard said', () => {
  let right: TestServer;
  let wrong: TestServer;

  beforeAll(async () => {
    right = await startTestServer((_, response) => response.end('right'), '127.0.0.1');
    wrong = await startTestServer((_, response) => response.end('wrong'), '127.0.0.2', right.port);
  });
  afterAll(async () => {
    await right.close();
    await wrong.close();
  });

  it('keeps the first answer for the whole request and sends the name as Host', async () => {
    const rebinding = tableResolver({ 'api.test': ['127.0.0.1', '127.0.0.2'] });
    const client = createOutboundHttp(createOutboundGuard(['127.0.0.0/8'], rebinding));
    // both servers listen on the same port: only the address decides which one answers
    const answer = await client.request(`http://api.test:${right.port}/`);
    expect(answer.bodyText).toBe('right');
    expect(right.seen.at(-1)?.headers.host).toBe(`api.test:${right.port}`);
    expect(rebinding.lookups).toEqual(['api.test']);
    expect(wrong.seen).toHaveLength(0);
  });
});
