import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  callbackUpdate,
  type FakeTelegram,
  locationUpdate,
  startFakeTelegram,
  textUpdate,
} from '../../testing/channels/telegram/fake-telegram-api.ts';
import { renderForTelegram, shortPayloadKey } from './telegram-render.ts';

const TOKEN = '123456:test-token';
let fake: FakeTelegram;

async function call(method: string, body: Record<string, unknown>, token = TOKEN) {
  const answer = await fetch(`${fake.url}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

const refusal = (description: string) => ({ status: 400, json: { ok: false, error_code: 400, description } });

beforeEach(async () => {
  fake = await startFakeTelegram();
  fake.addBot(TOKEN, { username: 'pizza_bot', id: 123456 });
});
afterEach(() => fake.close());

describe('fake Telegram Bot API', () => {
  it('answers 401 for a token it does not know, and getMe for one it does', async () => {
    expect(await call('getMe', {}, '999:nope')).toEqual({
      status: 401,
      json: { ok: false, error_code: 401, description: 'Unauthorized' },
    });
    expect((await call('getMe', {})).json).toMatchObject({
      ok: true,
      result: { id: 123456, is_bot: true, username: 'pizza_bot' },
    });
    expect((await call('noSuchMethod', {})).status).toBe(404);
  });

  it('sends messages with incrementing ids and records the calls', async () => {
    const first = await call('sendMessage', { chat_id: 42, text: 'Hello' });
    const second = await call('sendMessage', { chat_id: '42', text: 'Again' });
    expect(first.json).toMatchObject({
      ok: true,
      result: { message_id: 1, chat: { id: 42 }, text: 'Hello' },
    });
    expect(second.json).toMatchObject({ ok: true, result: { message_id: 2 } });
    expect(fake.sent('sendMessage').map((recorded) => recorded.body.text)).toEqual(['Hello', 'Again']);
    expect(fake.calls[0]).toMatchObject({
      token: TOKEN,
      method: 'sendMessage',
      body: { chat_id: 42, text: 'Hello' },
    });
  });

  it('refuses what Telegram refuses in a message', async () => {
    expect(await call('sendMessage', { text: 'x' })).toEqual(refusal('Bad Request: chat_id is empty'));
    expect(await call('sendMessage', { chat_id: 42, text: ' ' })).toEqual(
      refusal('Bad Request: message text is empty'),
    );
    expect(await call('sendMessage', { chat_id: 42, text: 'ا'.repeat(4097) })).toEqual(
      refusal('Bad Request: message is too long'),
    );
    expect((await call('sendMessage', { chat_id: 42, text: 'ا'.repeat(4096) })).status).toBe(200);
    expect(
      await call('sendPhoto', { chat_id: 42, photo: 'https://x.test/a.png', caption: 'c'.repeat(1025) }),
    ).toEqual(refusal('Bad Request: message caption is too long'));
    expect((await call('sendPhoto', { chat_id: 42, photo: 'no-such-file' })).status).toBe(400);
    expect((await call('sendLocation', { chat_id: 42, latitude: 95, longitude: 0 })).status).toBe(400);
    expect(fake.sent('sendMessage')).toHaveLength(1);
  });

  it('counts callback_data in UTF-8 bytes and checks the keyboards', async () => {
    const inline = (button: Record<string, unknown>) => ({
      chat_id: 42,
      text: 'Pick',
      reply_markup: { inline_keyboard: [[button]] },
    });
    // 32 Arabic letters are 64 bytes, 33 are 66
    expect((await call('sendMessage', inline({ text: 'b', callback_data: 'ب'.repeat(32) }))).status).toBe(
      200,
    );
    expect(await call('sendMessage', inline({ text: 'b', callback_data: 'ب'.repeat(33) }))).toEqual(
      refusal('Bad Request: BUTTON_DATA_INVALID'),
    );
    expect((await call('sendMessage', inline({ text: '', callback_data: 'x' }))).status).toBe(400);
    expect((await call('sendMessage', inline({ text: 'b' }))).status).toBe(400);
    expect((await call('sendMessage', inline({ text: 'b', url: 'javascript:x' }))).status).toBe(400);
    const bad = [
      { inline_keyboard: [{ text: 'b' }] },
      { keyboard: [[{ text: '' }]] },
      { nothing: true },
      'not json',
    ];
    for (const replyMarkup of bad) {
      expect((await call('sendMessage', { chat_id: 42, text: 'x', reply_markup: replyMarkup })).status).toBe(
        400,
      );
    }
    const keyboard = { keyboard: [[{ text: 'Yes' }, 'No']], one_time_keyboard: true, resize_keyboard: true };
    expect((await call('sendMessage', { chat_id: 42, text: 'x', reply_markup: keyboard })).status).toBe(200);
  });

  it('takes a form-encoded body with reply_markup as JSON text', async () => {
    const answer = await fetch(`${fake.url}/bot${TOKEN}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        chat_id: '42',
        text: 'Form',
        reply_markup: JSON.stringify({ inline_keyboard: [[{ text: 'a', callback_data: 'a' }]] }),
      }),
    });
    expect(await answer.json()).toMatchObject({
      ok: true,
      result: { text: 'Form', reply_markup: { inline_keyboard: [[{ text: 'a', callback_data: 'a' }]] } },
    });
  });

  it('accepts every call the Telegram renderer makes', async () => {
    const { calls } = renderForTelegram(
      [
        { type: 'text', text: 'مرحبا '.repeat(1500) },
        {
          type: 'cards',
          cards: [
            {
              title: 'بيتزا',
              subtitle: 'ب'.repeat(2000),
              media: 'https://x.test/p.jpg',
              buttons: [{ label: 'أضف', type: 'postback', value: `cmd:3?item=${'ب'.repeat(100)}` }],
            },
          ],
        },
        { type: 'quick_replies', text: '', replies: [{ label: 'ق'.repeat(100), payload: 'x' }] },
        { type: 'video', url: 'https://x.test/v.mp4' },
        { type: 'location', locations: [{ title: 'Here', lat: 30, lng: 31 }] },
        { type: 'advert', html: '<p>Sale</p>' },
      ],
      { chatId: 42, lang: 'ar', payloadKey: shortPayloadKey },
    );
    for (const rendered of calls) {
      expect((await call(rendered.method, rendered.body)).json).toMatchObject({ ok: true });
    }
  });

  it('fails the next call of a method with 429 and retry_after, or 500, then answers again', async () => {
    fake.failNext('sendMessage', 429, { retryAfter: 3 });
    fake.failNext('sendMessage', 500);
    expect(await call('sendMessage', { chat_id: 42, text: 'x' })).toEqual({
      status: 429,
      json: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 3',
        parameters: { retry_after: 3 },
      },
    });
    expect((await call('sendMessage', { chat_id: 42, text: 'x' })).status).toBe(500);
    expect((await call('sendMessage', { chat_id: 42, text: 'x' })).status).toBe(200);
  });

  it('sets, reports and deletes a webhook, refusing a bad secret token or address', async () => {
    const webhook = {
      url: 'http://127.0.0.1:1/hook',
      secret_token: 'abc_DEF-123',
      allowed_updates: ['message'],
    };
    expect((await call('setWebhook', webhook)).json).toEqual({
      ok: true,
      result: true,
      description: 'Webhook was set',
    });
    expect(fake.setWebhookCalls).toHaveLength(1);
    expect(fake.webhookOf(TOKEN)).toMatchObject({
      url: webhook.url,
      secretToken: 'abc_DEF-123',
      allowedUpdates: ['message'],
    });
    fake.setWebhookError(TOKEN, 'Connection refused');
    expect((await call('getWebhookInfo', {})).json).toMatchObject({
      ok: true,
      result: { url: webhook.url, pending_update_count: 0, last_error_message: 'Connection refused' },
    });
    for (const secret of ['', 'has space', 'ü', 'x'.repeat(257)]) {
      expect((await call('setWebhook', { ...webhook, secret_token: secret })).status).toBe(400);
    }
    expect((await call('setWebhook', { url: 'ftp://x.test/hook' })).status).toBe(400);
    expect((await call('deleteWebhook', {})).json).toMatchObject({ ok: true, result: true });
    expect((await call('getWebhookInfo', {})).json).toMatchObject({ result: { url: '' } });
  });

  it('refuses an http webhook when allowHttpWebhooks is false', async () => {
    const strict = await startFakeTelegram({ allowHttpWebhooks: false });
    strict.addBot(TOKEN, { username: 'b' });
    const answer = await fetch(`${strict.url}/bot${TOKEN}/setWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1/hook' }),
    });
    expect(await answer.json()).toMatchObject({
      error_code: 400,
      description: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
    });
    await strict.close();
  });

  it('answers a callback query once', async () => {
    const query = callbackUpdate(5, 42, 'p:abc').callback_query;
    expect((await call('answerCallbackQuery', { callback_query_id: query.id })).json).toEqual({
      ok: true,
      result: true,
    });
    expect((await call('answerCallbackQuery', { callback_query_id: query.id })).status).toBe(400);
  });

  it('builds updates as Telegram sends them and delivers them with the secret token', async () => {
    expect(textUpdate(1, 42, 'hi', { first_name: 'Sara', language_code: 'ar' })).toEqual({
      update_id: 1,
      message: {
        message_id: 1,
        from: { id: 42, is_bot: false, first_name: 'Sara', username: 'user42', language_code: 'ar' },
        chat: { id: 42, type: 'private', first_name: 'Sara', username: 'user42' },
        date: 1_700_000_000,
        text: 'hi',
      },
    });
    expect(locationUpdate(2, 42, 30.1, 31.2).message.location).toEqual({ latitude: 30.1, longitude: 31.2 });
    expect(callbackUpdate(3, 42, 'p:x').callback_query).toMatchObject({
      from: { id: 42 },
      chat_instance: '-42',
      data: 'p:x',
    });

    const received: { secret: unknown; body: unknown }[] = [];
    const hook = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ secret: request.headers['x-telegram-bot-api-secret-token'], body: JSON.parse(body) });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const { port } = hook.address() as AddressInfo;
    await call('setWebhook', { url: `http://127.0.0.1:${port}/telegram`, secret_token: 's3cret' });
    expect(await fake.deliver(TOKEN, textUpdate(7, 42, 'hi'))).toEqual({ status: 200, body: 'ok' });
    expect(received).toEqual([{ secret: 's3cret', body: textUpdate(7, 42, 'hi') }]);
    await new Promise((resolve) => hook.close(resolve));
  });
});
