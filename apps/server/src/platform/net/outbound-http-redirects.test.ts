import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonOf, startTestServer, type TestServer } from '../../testing/platform/net/peer-servers.ts';
import { createOutboundGuard } from './outbound-guard.ts';
import { createOutboundHttp } from './outbound-http.ts';

describe('outbound http: redirects', () => {
  let api: TestServer;
  let other: TestServer;
  let forbidden: TestServer;
  const client = createOutboundHttp(createOutboundGuard(['127.0.0.1']));

  beforeAll(async () => {
    other = await startTestServer((_, response) => response.end('other origin'));
    forbidden = await startTestServer((_, response) => response.end('should never answer'), '127.0.0.2');
    api = await startTestServer((request, response) => {
      const url = new URL(request.url, 'http://x');
      const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
      const to = url.searchParams.get('to');
      if (hops) {
        const left = Number(hops[1]);
        response.statusCode = 302;
        response.setHeader('location', left > 0 ? `/hops/${left - 1}` : '/done');
        response.end();
      } else if (url.pathname === '/status' && to) {
        response.statusCode = Number(url.searchParams.get('code'));
        response.setHeader('location', to);
        response.end();
      } else {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ method: request.method, body: request.body }));
      }
    });
  });
  afterAll(async () => {
    await Promise.all([api.close(), other.close(), forbidden.close()]);
  });

  const redirect = (code: number, to: string) =>
    `${api.origin}/status?code=${code}&to=${encodeURIComponent(to)}`;

  it('refuses a redirect from an allowed 127.0.0.1 server to 127.0.0.2 when only 127.0.0.1 is allowed', async () => {
    const to = `http://127.0.0.2:${forbidden.port}/`;
    expect(await reasonOf(client.request(redirect(302, to)))).toBe('refused');
    expect(await reasonOf(client.request(redirect(307, to), { method: 'POST', body: 'x' }))).toBe('refused');
    expect(forbidden.seen).toHaveLength(0);
  });

  it('refuses a redirect to a non-http scheme or to credentials', async () => {
    expect(await reasonOf(client.request(redirect(302, 'file:///etc/passwd')))).toBe('bad_url');
    expect(await reasonOf(client.request(redirect(302, `http://u:p@127.0.0.1:${api.port}/`)))).toBe(
      'bad_url',
    );
  });

  it('follows 3 redirects and answers the final URL', async () => {
    const answer = await client.request(`${api.origin}/hops/2`);
    expect(answer.status).toBe(200);
    expect(answer.url).toBe(`${api.origin}/done`);
  });

  it('refuses a 4th redirect, and follows fewer when asked', async () => {
    const before = api.seen.length;
    expect(await reasonOf(client.request(`${api.origin}/hops/3`))).toBe('too_many_redirects');
    expect(api.seen.length - before).toBe(4); // the first request and 3 redirects; the 4th is never followed
    expect(await reasonOf(client.request(`${api.origin}/hops/1`, { maxRedirects: 1 }))).toBe(
      'too_many_redirects',
    );
    expect(await reasonOf(client.request(`${api.origin}/hops/0`, { maxRedirects: 10 }))).toBe('answered');
    expect(await reasonOf(client.request(`${api.origin}/hops/3`, { maxRedirects: 10 }))).toBe(
      'too_many_redirects',
    );
  });

  it.each([
    [303, 'POST', 'GET', ''],
    [302, 'POST', 'GET', ''],
    [301, 'POST', 'GET', ''],
    [307, 'POST', 'POST', 'payload'],
    [308, 'PUT', 'PUT', 'payload'],
    [303, 'PUT', 'GET', ''],
  ] as const)('a %i after %s continues with %s', async (code, method, nextMethod, nextBody) => {
    const answer = await client.request(redirect(code, '/landing'), {
      method,
      body: 'payload',
      headers: { 'content-type': 'text/plain' },
    });
    expect(JSON.parse(answer.bodyText)).toEqual({ method: nextMethod, body: nextBody });
    expect(api.seen.at(-1)?.headers['content-type']).toBe(nextBody === '' ? undefined : 'text/plain');
  });

  it('keeps Authorization on the same origin and drops it (and cookies) for another origin', async () => {
    const headers = { Authorization: 'Bearer s3cret', Cookie: 'session=1', 'X-Kept': 'yes' };
    await client.request(redirect(302, '/landing'), { headers });
    expect(api.seen.at(-1)?.headers.authorization).toBe('Bearer s3cret');
    await client.request(redirect(302, `${other.origin}/landing`), { headers });
    const seen = other.seen.at(-1);
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers['x-kept']).toBe('yes');
  });
});
