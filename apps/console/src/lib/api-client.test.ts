import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setUnauthorizedHandler } from './api-client.ts';
import { getToken, setToken } from './auth-token.ts';

function answerWith(status: number, json: unknown) {
  const fetchStub = vi.fn(async () => new Response(JSON.stringify(json), { status }));
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

function requestOf(fetchStub: ReturnType<typeof answerWith>) {
  const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
  return { url, init, headers: new Headers(init.headers) };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('api client', () => {
  it('sends JSON under /api with the XHR header and the bearer token, and resolves on status 1', async () => {
    setToken('tok-1');
    const fetchStub = answerWith(200, { status: 1, data: { id: 4 } });
    const answer = await api.post<{ data: { id: number } }>('/service/save', { service_name: 'Pizza' });
    expect(answer.data.id).toBe(4);
    const { url, init, headers } = requestOf(fetchStub);
    expect(url).toBe('/api/service/save');
    expect(init.body).toBe('{"service_name":"Pizza"}');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('lets the browser set the multipart content type of a FormData body', async () => {
    const fetchStub = answerWith(200, { status: 1 });
    await api.post('/user/update_settings', new FormData());
    expect(requestOf(fetchStub).headers.get('Content-Type')).toBeNull();
    expect(requestOf(fetchStub).headers.get('Authorization')).toBeNull();
  });

  it('rejects an answer with status 0 even when HTTP says 200', async () => {
    answerWith(200, { status: 0, msg: 'still running' });
    const error = await failureOf(api.get('/command_example/check-if-free'));
    expect(error.message).toBe('still running');
    expect(error.httpStatus).toBe(200);
  });

  it('hands 422 field errors to the caller', async () => {
    answerWith(422, { status: 0, msg: 'The given data was invalid.', errors: { user_email: ['taken'] } });
    const error = await failureOf(api.post('/passport/register', {}));
    expect(error.fieldErrors).toEqual({ user_email: ['taken'] });
  });

  it('clears the token and sends the user to the login page on a 401', async () => {
    setToken('expired');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    window.location.hash = '#/settings';
    answerWith(401, { status: 0, msg: 'Unauthenticated' });
    await failureOf(api.get('/user/me'));
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('/settings');
  });

  it('treats a 401 from the login call as wrong credentials, not an expired session', async () => {
    setToken('still-valid');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    answerWith(401, { status: 0, msg: 'Invalid User Credentials Please Try Again' });
    await failureOf(api.post('/passport/login', { email: 'a@b.co', password: 'x' }));
    expect(getToken()).toBe('still-valid');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a request that got no answer as a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failureOf(api.get('/user/stats'));
    expect(error.isNetworkFailure).toBe(true);
  });

  it('rejects an answer that is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const error = await failureOf(api.get('/user/stats'));
    expect(error.httpStatus).toBe(502);
  });
});
