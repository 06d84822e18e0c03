import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Body, checkMessage, GraphRefusal, templateParamsCount } from './fake-whatsapp-checks.ts';

export {
  deliverWebhook,
  interactiveWebhook,
  locationWebhook,
  mediaWebhook,
  signatureOf,
  statusWebhook,
  textWebhook,
  wamid,
} from './whatsapp-webhooks.ts';

/**
 * A fake WhatsApp Cloud API for tests, on 127.0.0.1 (node:http, a free port): `POST <url>/{phone_number_id}/messages`
 * and `GET <url>/{phone_number_id}`, with `Authorization: Bearer <token>`. It refuses what the Cloud API refuses
 * (testing/channels/whatsapp/fake-whatsapp-checks.ts: unknown tokens, a number of another account, a missing
 * messaging_product or `to`, texts over 4,096, more than 3 buttons or titles over 20, lists over 10 rows or
 * titles over 24, ids over 256), records every call, and can fail the next calls (429 with Retry-After, 500) or
 * answer them late (`answerSlowly`). A template message must name a template approved for it (`approveTemplate`)
 * with as many body parameters; a recipient whose 24-hour window is closed (`closeWindow`) takes nothing else —
 * refused with 131047 at once, where the real API accepts the call and reports the failure in a status webhook.
 *
 *   const fake = await startFakeWhatsapp();
 *   fake.addNumber('EAAG-token', { phoneNumberId: '106540352242922' });
 *   expect(fake.sent()[0]?.body.text).toEqual({ body: 'Hello', preview_url: false });
 */

export interface RecordedCall {
  method: string;
  token: string;
  phoneNumberId: string;
  body: Body;
  status: number;
  answer: Record<string, unknown>;
}

interface Failure {
  status: number;
  retryAfter?: number;
  code?: number;
  message?: string;
}

interface FakeNumber {
  phoneNumberId: string;
  displayPhoneNumber: string;
  verifiedName: string;
}

function graphError(message: string, code: number, type = 'OAuthException') {
  return { error: { message, type, code, fbtrace_id: 'AbCdEfGhIjK' } };
}

export async function startFakeWhatsapp() {
  const numbers = new Map<string, FakeNumber[]>();
  const failures: Failure[] = [];
  const calls: RecordedCall[] = [];
  /** message sends answered late, one each in order: taken (sent, as a 200 never read) or not (a late 500) */
  const slowAnswers: { delayMs: number; isTaken: boolean }[] = [];
  let nextMessage = 1;
  /** approved templates, `name\u0000language` → how many body parameters */
  const templates = new Map<string, number>();
  /** recipients who last wrote more than 24 hours ago */
  const closedWindows = new Set<string>();

  function refusalOutsideWindow(to: string, body: Body): GraphRefusal | null {
    if (body.type === 'template') {
      const template = body.template as { name: string; language: { code: string } };
      const expected = templates.get(`${template.name}\u0000${template.language.code}`);
      if (expected === undefined)
        return new GraphRefusal('(#132001) Template name does not exist in the translation', 132001, 404);
      if (expected !== templateParamsCount(body))
        return new GraphRefusal(
          '(#132000) Number of parameters does not match the expected number of params',
          132000,
        );
      return null;
    }
    if (!closedWindows.has(to)) return null;
    return new GraphRefusal(
      '(#131047) Re-engagement message: More than 24 hours have passed since the recipient last replied to the sender number.',
      131047,
    );
  }

  function answerOf(
    method: string,
    token: string,
    phoneNumberId: string,
    isMessages: boolean,
    body: Body | null,
  ): { status: number; answer: Record<string, unknown>; headers?: Record<string, string> } {
    const owned = numbers.get(token);
    if (!owned)
      return {
        status: 401,
        answer: graphError('Invalid OAuth access token - Cannot parse access token', 190),
      };
    const number = owned.find((candidate) => candidate.phoneNumberId === phoneNumberId);
    if (!number) {
      const message = `Unsupported ${method.toLowerCase()} request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`;
      return { status: 400, answer: graphError(message, 100, 'GraphMethodException') };
    }
    if (method === 'GET' && !isMessages) {
      return {
        status: 200,
        answer: {
          verified_name: number.verifiedName,
          display_phone_number: number.displayPhoneNumber,
          id: number.phoneNumberId,
          quality_rating: 'GREEN',
        },
      };
    }
    if (method !== 'POST' || !isMessages)
      return { status: 400, answer: graphError('Unsupported request', 100) };
    const failure = failures.shift();
    if (failure?.status === 429) {
      return {
        status: 429,
        answer: graphError(failure.message ?? '(#130429) Rate limit hit', failure.code ?? 130429),
        headers: { 'retry-after': String(failure.retryAfter ?? 1) },
      };
    }
    if (failure) {
      return {
        status: failure.status,
        answer: graphError(
          failure.message ?? 'An unexpected error has occurred. Please retry your request later.',
          failure.code ?? 2,
        ),
      };
    }
    if (body === null) return { status: 400, answer: graphError('(#100) Invalid JSON body', 100) };
    try {
      const to = checkMessage(body);
      const refusal = refusalOutsideWindow(to, body);
      if (refusal) throw refusal;
      const id = `wamid.fake${String(nextMessage++).padStart(6, '0')}`;
      return {
        status: 200,
        answer: {
          messaging_product: 'whatsapp',
          contacts: [
            body.to !== undefined ? { input: to, wa_id: to.replace(/^\+/, '') } : { input: to, user_id: to },
          ],
          messages: [{ id }],
        },
      };
    } catch (error) {
      if (!(error instanceof GraphRefusal)) throw error;
      return { status: error.status, answer: graphError(error.message, error.code) };
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const address = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = /^\/([^/]+)(\/messages)?$/.exec(address.pathname);
    const authorization = request.headers.authorization ?? '';
    const token = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
    const body = await bodyOf(request);
    const method = request.method ?? 'GET';
    let result: { status: number; answer: Record<string, unknown>; headers?: Record<string, string> } = {
      status: 404,
      answer: graphError('Unknown path components', 2500),
    };
    const slow = method === 'POST' && route?.[2] !== undefined ? slowAnswers.shift() : undefined;
    if (route) {
      const phoneNumberId = decodeURIComponent(route[1] ?? '');
      result =
        slow && !slow.isTaken
          ? { status: 500, answer: graphError('An unexpected error has occurred.', 2) }
          : answerOf(method, token, phoneNumberId, route[2] !== undefined, body);
      calls.push({
        method,
        token,
        phoneNumberId,
        body: body ?? {},
        status: result.status,
        answer: result.answer,
      });
    }
    // answered late (WhatsApp having a slow minute): a client that gave up never learns what became of it
    if (slow) await new Promise((resolve) => setTimeout(resolve, slow.delayMs));
    response.writeHead(result.status, { 'content-type': 'application/json', ...result.headers });
    response.end(JSON.stringify(result.answer));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(graphError(String(error), 1)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** the API's base address: `${url}/{phone_number_id}/messages` */
    url: `http://127.0.0.1:${port}`,
    /** every request to a known path, refused ones too, in order */
    calls,
    /** a business number the token may send from (any other token answers 401, another number 400) */
    addNumber(
      token: string,
      number: { phoneNumberId: string; displayPhoneNumber?: string; verifiedName?: string },
    ) {
      const added: FakeNumber = {
        phoneNumberId: number.phoneNumberId,
        displayPhoneNumber: number.displayPhoneNumber ?? '+1 555-078-3881',
        verifiedName: number.verifiedName ?? 'Test Business',
      };
      numbers.set(token, [...(numbers.get(token) ?? []), added]);
      return added;
    },
    /** a template the business may send (WhatsApp Manager approved it), with its body's parameter count */
    approveTemplate(name: string, language: string, bodyParams: number): void {
      templates.set(`${name}\u0000${language}`, bodyParams);
    },
    /** the recipient last wrote more than 24 hours ago: only a template reaches them (open: they wrote again) */
    closeWindow(to: string, isClosed = true): void {
      if (isClosed) closedWindows.add(to);
      else closedWindows.delete(to);
    },
    /** the messages sent with success, optionally to one recipient */
    sent(to?: string): RecordedCall[] {
      return calls.filter(
        (call) =>
          call.method === 'POST' &&
          call.status === 200 &&
          (to === undefined || (call.body.to ?? call.body.recipient) === to),
      );
    },
    /**
     * The next message sends answer this status, one each in order: 429 with Retry-After (default 1 s) and
     * Graph's 130429, 500 an unexpected error, another status with `code` and `message`.
     */
    failNext(status: number, failure: { retryAfter?: number; code?: number; message?: string } = {}): void {
      failures.push({ status, ...failure });
    },
    /**
     * The next message send is answered `delayMs` late: taken at once (`taken`, the default: sent, with its
     * status webhook to come) or not taken (a 500 at the end).
     */
    answerSlowly(delayMs: number, options: { taken?: boolean } = {}): void {
      slowAnswers.push({ delayMs, isTaken: options.taken ?? true });
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export type FakeWhatsapp = Awaited<ReturnType<typeof startFakeWhatsapp>>;

/** The JSON body, {} when empty; null when it is not a JSON object. */
async function bodyOf(request: IncomingMessage): Promise<Body | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Body) : null;
  } catch {
    return null;
  }
}
