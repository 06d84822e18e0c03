import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type FetchFunction } from './api-client.ts';

function answering(status: number, body: unknown) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
}

describe('the messenger API client', () => {
  it('calls the bot API beside the frame and validate-sender under /api, without credentials', async () => {
    const fetch = answering(200, { status: 1, data: [] });
    const api = createApiClient({
      widgetBase: 'https://bots.example.com/hiwar/widget/',
      bot: 'tok/en',
      fetch,
    });
    await api.history({ id: 42 });
    await api.validateSender(42);
    expect(fetch.mock.calls[0]?.[0]).toBe(
      'https://bots.example.com/hiwar/widget/api/tok%2Fen/history?sender_id=42',
    );
    expect(fetch.mock.calls[0]?.[1]?.credentials).toBe('omit');
    expect(fetch.mock.calls[1]?.[0]).toBe('https://bots.example.com/hiwar/api/validate-sender');
    expect(fetch.mock.calls[1]?.[1]?.body).toBe('{"id":42}');
  });

  it('posts an event with the sender and locale', async () => {
    const fetch = answering(200, { status: 1, replies: [], turn_id: 7 });
    const api = createApiClient({ widgetBase: 'https://bots.example.com/widget/', bot: 'b', fetch });
    expect(await api.send({ id: 5 }, { type: 'text', text: 'hi' }, 'ar')).toEqual({
      status: 1,
      replies: [],
      turn_id: 7,
    });
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      sender_id: 5,
      event: { type: 'text', text: 'hi' },
      locale: 'ar',
    });
  });

  it('names a signed sender with its hash on every call, and asks the server to draw a new one', async () => {
    const hash = 'c0'.repeat(32);
    const fetch = answering(200, {
      status: 1,
      data: { sender_id: 9, sender_hash: hash },
      replies: [],
      notices: [],
    });
    const api = createApiClient({ widgetBase: 'https://bots.example.com/widget/', bot: 'b', fetch });
    expect(await api.drawSender()).toEqual({ id: 9, hash });
    await api.history({ id: 9, hash });
    await api.notices?.({ id: 9, hash }, 3);
    await api.send({ id: 9, hash }, { type: 'text', text: 'hi' }, 'en');
    expect(fetch.mock.calls[0]?.[0]).toBe('https://bots.example.com/widget/api/b/senders');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(fetch.mock.calls[1]?.[0]).toBe(
      `https://bots.example.com/widget/api/b/history?sender_id=9&sender_hash=${hash}`,
    );
    expect(fetch.mock.calls[2]?.[0]).toBe(
      `https://bots.example.com/widget/api/b/notices?sender_id=9&sender_hash=${hash}&after=3`,
    );
    expect(JSON.parse(String(fetch.mock.calls[3]?.[1]?.body))).toMatchObject({
      sender_id: 9,
      sender_hash: hash,
    });
  });

  it('retries network failures, 5xx and 429 but not a refusal, and reads the server message', async () => {
    const api = (fetch: FetchFunction) =>
      createApiClient({ widgetBase: 'http://h/widget/', bot: 'b', fetch });
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api(offline).settings()).rejects.toMatchObject({ status: 0, isRetryable: true });
    await expect(api(answering(503, {})).settings()).rejects.toMatchObject({ isRetryable: true });
    await expect(api(answering(429, { status: 0, msg: 'slow down' })).settings()).rejects.toMatchObject({
      message: 'slow down',
      isRetryable: true,
    });
    const missing = api(answering(404, { status: 0, msg: 'The chatbot was not found' })).settings();
    await expect(missing).rejects.toBeInstanceOf(ApiError);
    await expect(missing).rejects.toMatchObject({ message: 'The chatbot was not found', isRetryable: false });
  });

  it('answers false for a sender id the server refuses', async () => {
    const api = createApiClient({
      widgetBase: 'http://h/widget/',
      bot: 'b',
      fetch: answering(422, { status: 0 }),
    });
    expect(await api.validateSender(1)).toBe(false);
  });
});
