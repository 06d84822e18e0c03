import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BadRequest,
  type Body,
  checkCaption,
  checkChatId,
  checkCoordinates,
  checkMedia,
  checkReplyMarkup,
  checkReplyParameters,
  checkText,
  checkWebhook,
  objectField,
  textOf,
  type WebhookSettings,
} from './fake-telegram-checks.ts';

export type { WebhookSettings } from './fake-telegram-checks.ts';
export { callbackUpdate, locationUpdate, textUpdate } from './telegram-updates.ts';

/**
 * A fake Telegram Bot API for tests, on 127.0.0.1 (node:http, a free port): `POST <url>/bot<token>/<method>`
 * with a JSON or form body (GET with a query too). It refuses what Telegram refuses (see
 * testing/channels/telegram/fake-telegram-checks.ts), records every call, and can fail the next call of a method.
 *
 *   const fake = await startFakeTelegram();
 *   fake.addBot('123:abc', { username: 'pizza_bot' });
 *   // the code under test calls `${fake.url}/bot123:abc/sendMessage`
 *   expect(fake.sent('sendMessage')[0]?.body.text).toBe('Hello');
 *   await fake.close();
 */

export interface FakeTelegramOptions {
  /**
   * Take `http://` webhook addresses (Telegram takes only https). Default true: tests point the webhook at a
   * server on http://127.0.0.1. Set false to check the https rule.
   */
  allowHttpWebhooks?: boolean;
  /**
   * Messages a bot may send a second, all chats together (Telegram's bulk limit is about 30); past it a send
   * answers 429 with `retry_after` 1. Default: no limit.
   */
  messagesPerSecond?: number;
}

export interface FakeBot {
  id: number;
  username: string;
  firstName: string;
}

export interface RecordedCall {
  token: string;
  method: string;
  body: Body;
  /** the HTTP status answered, and the answer */
  status: number;
  answer: Record<string, unknown>;
}

interface Failure {
  status: number;
  retryAfter?: number;
  description?: string;
}

interface WebhookState extends WebhookSettings {
  lastErrorMessage?: string;
  lastErrorDate?: number;
}

const now = () => Math.floor(Date.now() / 1000);

export async function startFakeTelegram(options: FakeTelegramOptions = {}) {
  const allowHttpWebhooks = options.allowHttpWebhooks ?? true;
  const bots = new Map<string, FakeBot>();
  const webhooks = new Map<string, WebhookState>();
  const failures = new Map<string, Failure[]>();
  /** a method that answers this failure to every call until the outage ends */
  const outages = new Map<string, Failure>();
  const answeredQueries = new Set<string>();
  const fileIds = new Set<string>();
  /** addresses Telegram's servers cannot fetch: a photo or video sent from one is refused */
  const unfetchable = new Set<string>();
  /** per method, answers held back this long (ms) after the call was carried out, one each in order */
  const slowAnswers = new Map<string, number[]>();
  const calls: RecordedCall[] = [];
  let nextMessageId = 1;
  let nextBotId = 7_000_000_001;

  function sentMessage(bot: FakeBot, body: Body, chatId: number | string, content: Record<string, unknown>) {
    const markup = objectField(body.reply_markup) as Record<string, unknown> | undefined;
    return {
      message_id: nextMessageId++,
      from: { id: bot.id, is_bot: true, first_name: bot.firstName, username: bot.username },
      chat:
        typeof chatId === 'number'
          ? { id: chatId, type: 'private' }
          : { id: -1000000000001, type: 'channel', username: chatId.slice(1) },
      date: now(),
      ...content,
      ...(markup?.inline_keyboard !== undefined && {
        reply_markup: { inline_keyboard: markup.inline_keyboard },
      }),
    };
  }

  function fileOf(kind: string) {
    const id = `fake-${kind}-${nextMessageId}`;
    fileIds.add(id);
    return { file_id: id, file_unique_id: `u${id}` };
  }

  /** A photo or video address Telegram would fetch: one it cannot is refused as Telegram refuses it. */
  function checkFetchable(body: Body, field: 'photo' | 'video'): void {
    if (unfetchable.has(String(body[field] ?? '').trim())) {
      throw new BadRequest('failed to get HTTP URL content');
    }
  }

  /** The method's result, or a BadRequest thrown. */
  function run(token: string, bot: FakeBot, method: string, body: Body): unknown {
    switch (method) {
      case 'getMe':
        return {
          id: bot.id,
          is_bot: true,
          first_name: bot.firstName,
          username: bot.username,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        };
      case 'setWebhook': {
        const settings = checkWebhook(body, allowHttpWebhooks);
        if (settings) webhooks.set(token, settings);
        else webhooks.delete(token);
        return true;
      }
      case 'deleteWebhook':
        webhooks.delete(token);
        return true;
      case 'getWebhookInfo': {
        const webhook = webhooks.get(token);
        if (!webhook) return { url: '', has_custom_certificate: false, pending_update_count: 0 };
        return {
          url: webhook.url,
          has_custom_certificate: false,
          pending_update_count: 0,
          max_connections: webhook.maxConnections,
          ip_address: '127.0.0.1',
          ...(webhook.allowedUpdates && { allowed_updates: webhook.allowedUpdates }),
          ...(webhook.lastErrorMessage && {
            last_error_date: webhook.lastErrorDate,
            last_error_message: webhook.lastErrorMessage,
          }),
        };
      }
      case 'sendMessage': {
        const chatId = checkChatId(body);
        const text = checkText(body);
        checkReplyMarkup(body);
        checkReplyParameters(body);
        return sentMessage(bot, body, chatId, { text });
      }
      case 'sendPhoto': {
        const chatId = checkChatId(body);
        checkMedia(body, 'photo', fileIds);
        checkFetchable(body, 'photo');
        const caption = checkCaption(body);
        checkReplyMarkup(body);
        const photo = [{ ...fileOf('photo'), width: 320, height: 240, file_size: 1000 }];
        return sentMessage(bot, body, chatId, { photo, ...(caption && { caption }) });
      }
      case 'sendVideo': {
        const chatId = checkChatId(body);
        checkMedia(body, 'video', fileIds);
        checkFetchable(body, 'video');
        const caption = checkCaption(body);
        checkReplyMarkup(body);
        const video = { ...fileOf('video'), width: 640, height: 360, duration: 1, mime_type: 'video/mp4' };
        return sentMessage(bot, body, chatId, { video, ...(caption && { caption }) });
      }
      case 'sendLocation': {
        const chatId = checkChatId(body);
        const location = checkCoordinates(body);
        checkReplyMarkup(body);
        return sentMessage(bot, body, chatId, { location });
      }
      case 'answerCallbackQuery': {
        const queryId = textOf(body.callback_query_id)?.trim();
        if (!queryId) throw new BadRequest('query_id is empty');
        if (answeredQueries.has(queryId)) {
          throw new BadRequest('query is too old and response timeout expired or query ID is invalid');
        }
        if ((textOf(body.text) ?? '').length > 200) throw new BadRequest('MESSAGE_TOO_LONG');
        answeredQueries.add(queryId);
        return true;
      }
      default:
        return undefined;
    }
  }

  /** each bot's sends in the last second, when `messagesPerSecond` limits them */
  const recentSends = new Map<string, number[]>();
  let messagesPerSecond = options.messagesPerSecond;

  /** Telegram's flood control: a 429 with retry_after 1 past `messagesPerSecond` sends a second. */
  function rateLimitOf(token: string, method: string): Failure | undefined {
    const limit = messagesPerSecond;
    if (limit === undefined || !method.startsWith('send')) return undefined;
    const now = Date.now();
    const recent = (recentSends.get(token) ?? []).filter((at) => at > now - 1000);
    if (recent.length >= limit) {
      recentSends.set(token, recent);
      return { status: 429, retryAfter: 1 };
    }
    recent.push(now);
    recentSends.set(token, recent);
    return undefined;
  }

  function answerOf(
    token: string,
    method: string,
    body: Body,
  ): { status: number; answer: Record<string, unknown> } {
    const bot = bots.get(token);
    if (!bot) return { status: 401, answer: { ok: false, error_code: 401, description: 'Unauthorized' } };
    const failure = failures.get(method)?.shift() ?? outages.get(method) ?? rateLimitOf(token, method);
    if (failure) return { status: failure.status, answer: failureAnswer(failure) };
    try {
      const result = run(token, bot, method, body);
      if (result === undefined)
        return { status: 404, answer: { ok: false, error_code: 404, description: 'Not Found' } };
      const description =
        method === 'setWebhook'
          ? { description: webhooks.has(token) ? 'Webhook was set' : 'Webhook was deleted' }
          : method === 'deleteWebhook'
            ? { description: 'Webhook was deleted' }
            : {};
      return { status: 200, answer: { ok: true, result, ...description } };
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      return { status: 400, answer: { ok: false, error_code: 400, description: error.message } };
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const address = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(address.pathname);
    let status = 404;
    let answer: Record<string, unknown> = { ok: false, error_code: 404, description: 'Not Found' };
    if (route) {
      const token = decodeURIComponent(route[1] ?? '');
      const method = route[2] ?? '';
      const body = await bodyOf(request, address);
      if (body === null) {
        status = 400;
        answer = { ok: false, error_code: 400, description: "Bad Request: can't parse JSON object" };
      } else {
        ({ status, answer } = answerOf(token, method, body));
      }
      calls.push({ token, method, body: body ?? {}, status, answer });
      // carried out, but answered late (Telegram having a slow minute): a client that gave up never learns of it
      const delayMs = slowAnswers.get(method)?.shift();
      if (delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: false, error_code: 500, description: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** the API's base address: call `${url}/bot<token>/<method>` */
    url: `http://127.0.0.1:${port}`,
    /** every request, refused ones too, in order */
    calls,
    /** a bot whose token the fake accepts (any other token answers 401 Unauthorized) */
    addBot(token: string, bot: { username: string; id?: number; firstName?: string }): FakeBot {
      const added = {
        id: bot.id ?? nextBotId++,
        username: bot.username,
        firstName: bot.firstName ?? bot.username,
      };
      bots.set(token, added);
      return added;
    },
    /** the calls of a method that succeeded, optionally for one token */
    sent(method: string, token?: string): RecordedCall[] {
      return calls.filter(
        (call) => call.method === method && call.status === 200 && (!token || call.token === token),
      );
    },
    get setWebhookCalls(): RecordedCall[] {
      return calls.filter((call) => call.method === 'setWebhook');
    },
    /** the webhook a bot has set, or undefined */
    webhookOf(token: string): WebhookState | undefined {
      return webhooks.get(token);
    },
    /** what getWebhookInfo reports as the last delivery error (null clears it) */
    setWebhookError(token: string, message: string | null): void {
      const webhook = webhooks.get(token);
      if (!webhook) throw new Error(`no webhook set for ${token}`);
      webhook.lastErrorMessage = message ?? undefined;
      webhook.lastErrorDate = message ? now() : undefined;
    },
    /**
     * The next call of `method` (any token) answers this status: 429 as Telegram's flood wait with
     * `parameters.retry_after` (default 1 s), 400 with `description`, others a bare error. Calls queue up.
     */
    failNext(
      method: string,
      status: number,
      failure: { retryAfter?: number; description?: string } = {},
    ): void {
      const queue = failures.get(method) ?? [];
      queue.push({ status, ...failure });
      failures.set(method, queue);
    },
    /** From now on a bot may send this many messages a second (429 past it); undefined lifts the limit. */
    limitRate(perSecond: number | undefined): void {
      messagesPerSecond = perSecond;
      recentSends.clear();
    },
    /** Photos and videos sent from `address` are refused, as Telegram refuses an address it cannot fetch. */
    failToFetch(address: string): void {
      unfetchable.add(address);
    },
    /** The next call of `method` is carried out at once but answered `delayMs` later. Calls queue up. */
    answerSlowly(method: string, delayMs: number): void {
      slowAnswers.set(method, [...(slowAnswers.get(method) ?? []), delayMs]);
    },
    /** Every call of `method` answers this status (500: Telegram having a bad minute) until `endOutage`. */
    startOutage(method: string, status: number, failure: { description?: string } = {}): void {
      outages.set(method, { status, ...failure });
    },
    endOutage(method: string): void {
      outages.delete(method);
    },
    /**
     * Posts an update to the bot's webhook as Telegram does (JSON, the secret in
     * X-Telegram-Bot-Api-Secret-Token); answers the webhook's HTTP status and body.
     */
    async deliver(
      token: string,
      update: unknown,
      secretToken?: string,
    ): Promise<{ status: number; body: string }> {
      const webhook = webhooks.get(token);
      if (!webhook) throw new Error(`no webhook set for ${token}`);
      const secret = secretToken ?? webhook.secretToken;
      const answer = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret && { 'x-telegram-bot-api-secret-token': secret }),
        },
        body: JSON.stringify(update),
      });
      return { status: answer.status, body: await answer.text() };
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;

function failureAnswer(failure: Failure): Record<string, unknown> {
  if (failure.status === 429) {
    const retryAfter = failure.retryAfter ?? 1;
    return {
      ok: false,
      error_code: 429,
      description: `Too Many Requests: retry after ${retryAfter}`,
      parameters: { retry_after: retryAfter },
    };
  }
  const description =
    failure.description ?? (failure.status === 500 ? 'Internal Server Error' : `Error ${failure.status}`);
  return { ok: false, error_code: failure.status, description };
}

/** The request's parameters: JSON or form body, else the query; null when the body cannot be read. */
async function bodyOf(request: IncomingMessage, address: URL): Promise<Body | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const query = Object.fromEntries(address.searchParams);
  if (raw.trim() === '') return query;
  if (type === 'application/x-www-form-urlencoded')
    return { ...query, ...Object.fromEntries(new URLSearchParams(raw)) };
  if (type !== 'application/json') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? { ...query, ...(parsed as Body) }
      : null;
  } catch {
    return null;
  }
}
