import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { CHAT_ISSUER } from '../../../channels/google-chat/google-chat-request-auth.ts';
import { CHAT_BOT_SCOPE } from '../../../channels/google-chat/google-service-account.ts';
import { checkMessage, InvalidArgument } from './fake-google-chat-checks.ts';

export {
  addedToSpaceEvent,
  attachmentEvent,
  cardClickedEvent,
  inSharedSpace,
  messageEvent,
  removedFromSpaceEvent,
} from './google-chat-events.ts';

/**
 * A fake of Google's side of a Chat app for tests, on 127.0.0.1 (a free port):
 * - `GET /jwks`: the key set Google Chat signs its requests with (`chatToken` signs like Google does);
 * - `POST /token`: the OAuth token endpoint of the service account key it made (`serviceAccountJson`), checking
 *   the JWT bearer assertion's signature, issuer, audience, scope and lifetime;
 * - `POST /v1/spaces/{space}/messages`: the Chat API, checking the access token and the message (text ≤ 4,096,
 *   Cards v2 shape), 60 writes a minute per space, a resend of a `requestId` answered with the message it created,
 *   and able to fail the next calls (`failNext`) or answer them late (`answerSlowly`).
 *
 *   const fake = await startFakeGoogleChat();
 *   // config { googleChatApiUrl: fake.url, googleChatJwksUrl: fake.jwksUrl }
 *   await fake.deliver(webhookUrl, messageEvent('spaces/AAA', 'm1', 'hi'), await fake.chatToken(PROJECT));
 *   expect(fake.textsTo('spaces/AAA')).toEqual(['Hello']);
 */

const CHAT_KEY_ID = 'fake-chat-key-1';
const SERVICE_ACCOUNT_EMAIL = 'hiwar-bot@fake-project.iam.gserviceaccount.com';
/** Google's limit per space (PLATFORM-NOTES.md "Google Chat"). */
const WRITES_PER_MINUTE_PER_SPACE = 60;

export interface RecordedMessage {
  space: string;
  body: Record<string, unknown>;
  status: number;
  /** the `requestId` query parameter, null without one */
  requestId: string | null;
  /** answered with the message an earlier call of the same requestId created: nothing new was created */
  replayed?: boolean;
}

interface Failure {
  status: number;
  retryAfter?: number;
}

type Forgery = 'wrong-key' | 'wrong-audience' | 'expired' | 'wrong-issuer';

function googleError(status: number, message: string) {
  const names: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
  };
  return { error: { code: status, message, status: names[status] ?? 'UNKNOWN' } };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeGoogleChat() {
  const chatKeys = await generateKeyPair('RS256', { extractable: true });
  const strangerKeys = await generateKeyPair('RS256', { extractable: true });
  const accountKeys = await generateKeyPair('RS256', { extractable: true });
  const unknownAccountKeys = await generateKeyPair('RS256', { extractable: true });
  const chatJwk = { ...(await exportJWK(chatKeys.publicKey)), kid: CHAT_KEY_ID, alg: 'RS256', use: 'sig' };
  const accessTokens = new Set<string>();
  const failures: Failure[] = [];
  const writesBySpace = new Map<string, number[]>();
  const messages: RecordedMessage[] = [];
  /** the message each requestId created, by space */
  const createdByRequest = new Map<string, unknown>();
  /** answers held back this long (ms) after the message was created, one each in order */
  const slowAnswers: number[] = [];
  const tokenRequests: { status: number; error?: string }[] = [];
  let nextMessageId = 1;
  let url = '';

  async function answerToken(raw: string): Promise<{ status: number; answer: unknown }> {
    const form = new URLSearchParams(raw);
    const refuse = (error: string, description: string) => ({
      status: 400,
      answer: { error, error_description: description },
    });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return refuse('unsupported_grant_type', 'Invalid grant_type: ');
    try {
      const { payload } = await jwtVerify(form.get('assertion') ?? '', accountKeys.publicKey, {
        issuer: SERVICE_ACCOUNT_EMAIL,
        audience: `${url}/token`,
        algorithms: ['RS256'],
      });
      if (
        String(payload.scope ?? '')
          .split(' ')
          .indexOf(CHAT_BOT_SCOPE) < 0
      )
        return refuse('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
      if (
        typeof payload.iat !== 'number' ||
        typeof payload.exp !== 'number' ||
        payload.exp - payload.iat > 3600
      )
        return refuse('invalid_grant', 'Invalid JWT: Token must be a short-lived token (60 minutes)');
    } catch {
      return refuse('invalid_grant', 'Invalid JWT Signature.');
    }
    const accessToken = `ya29.fake-${randomBytes(16).toString('base64url')}`;
    accessTokens.add(accessToken);
    return { status: 200, answer: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' } };
  }

  function answerMessage(
    space: string,
    authorization: string,
    raw: string,
    requestId: string | null,
  ): { status: number; answer: unknown; retryAfter?: number; replayed?: boolean } {
    const token = /^Bearer (.+)$/.exec(authorization)?.[1] ?? '';
    if (!accessTokens.has(token))
      return { status: 401, answer: googleError(401, 'Request had invalid authentication credentials.') };
    // "Specifying an existing request ID returns the message created with that ID instead of creating a new
    // message" (spaces.messages.create)
    const created = requestId === null ? undefined : createdByRequest.get(`${space} ${requestId}`);
    if (created) return { status: 200, answer: created, replayed: true };
    const failure = failures.shift();
    if (failure) {
      const answer = googleError(failure.status, 'failed on purpose');
      return {
        status: failure.status,
        answer,
        ...(failure.retryAfter && { retryAfter: failure.retryAfter }),
      };
    }
    const now = Date.now();
    const writes = (writesBySpace.get(space) ?? []).filter((at) => at > now - 60_000);
    if (writes.length >= WRITES_PER_MINUTE_PER_SPACE)
      return { status: 429, answer: googleError(429, 'Resource has been exhausted (e.g. check quota).') };
    let body: unknown;
    try {
      body = JSON.parse(raw);
      checkMessage(body);
    } catch (error) {
      const message = error instanceof InvalidArgument ? error.message : 'Invalid JSON payload received.';
      return { status: 400, answer: googleError(400, message) };
    }
    writes.push(now);
    writesBySpace.set(space, writes);
    const name = `${space}/messages/fake-${nextMessageId++}`;
    const answer = {
      name,
      sender: { name: 'users/app', type: 'BOT' },
      createTime: new Date().toISOString(),
      space: { name: space },
      ...(body as object),
    };
    if (requestId !== null) createdByRequest.set(`${space} ${requestId}`, answer);
    return { status: 200, answer };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const address = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = address.pathname;
    const raw = await readBody(request);
    let status = 404;
    let answer: unknown = googleError(404, 'Not found');
    let retryAfter: number | undefined;
    const messagesRoute = /^\/v1\/(spaces\/[A-Za-z0-9_-]+)\/messages$/.exec(path);
    if (request.method === 'GET' && path === '/jwks') {
      status = 200;
      answer = { keys: [chatJwk] };
    } else if (request.method === 'POST' && path === '/token') {
      ({ status, answer } = await answerToken(raw));
      tokenRequests.push({ status, ...(status !== 200 && { error: (answer as { error: string }).error }) });
    } else if (request.method === 'POST' && messagesRoute) {
      const space = messagesRoute[1] ?? '';
      const requestId = address.searchParams.get('requestId');
      let replayed: boolean | undefined;
      ({ status, answer, retryAfter, replayed } = answerMessage(
        space,
        request.headers.authorization ?? '',
        raw,
        requestId,
      ));
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw);
      } catch {}
      messages.push({ space, body, status, requestId, ...(replayed && { replayed }) });
      // created, but answered late (Google having a slow minute): a client that gave up never learns of it
      const delayMs = slowAnswers.shift();
      if (delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    response.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      ...(retryAfter && { 'retry-after': String(retryAfter) }),
    });
    response.end(JSON.stringify(answer));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(googleError(500, String(error))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const serviceAccount = async (privateKey: CryptoKeyLike) =>
    JSON.stringify({
      type: 'service_account',
      project_id: 'fake-project',
      private_key_id: 'fake-private-key-1',
      private_key: await exportPKCS8(privateKey),
      client_email: SERVICE_ACCOUNT_EMAIL,
      client_id: '100000000000000000001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: `${url}/token`,
    });
  const knownAccount = await serviceAccount(accountKeys.privateKey);
  const unknownAccount = await serviceAccount(unknownAccountKeys.privateKey);

  /** A request token as Google Chat signs it: issuer chat@system.gserviceaccount.com, audience the project. */
  async function signChatToken(audience: string, options: { forgery?: Forgery } = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const issuedAt = options.forgery === 'expired' ? now - 7200 : now;
    return new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: CHAT_KEY_ID, typ: 'JWT' })
      .setIssuer(options.forgery === 'wrong-issuer' ? 'someone@example.iam.gserviceaccount.com' : CHAT_ISSUER)
      .setAudience(options.forgery === 'wrong-audience' ? `9${audience}` : audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(options.forgery === 'wrong-key' ? strangerKeys.privateKey : chatKeys.privateKey);
  }

  /** the messages a space shows: a resend answered with the message its requestId created is not a new one */
  const delivered = (space: string) =>
    messages.filter((message) => message.space === space && message.status === 200 && !message.replayed);

  return {
    /** the Chat API's base address (GOOGLE_CHAT_API_URL); the token endpoint is `${url}/token` */
    url,
    /** Google Chat's key set (GOOGLE_CHAT_JWKS_URL) */
    jwksUrl: `${url}/jwks`,
    /** the service account JSON key the fake's token endpoint accepts */
    serviceAccountJson: knownAccount,
    /** a well-formed key the token endpoint refuses (Invalid JWT Signature.) */
    unknownServiceAccountJson: unknownAccount,
    serviceAccountEmail: SERVICE_ACCOUNT_EMAIL,
    /** every messages.create, refused ones too, in order */
    messages,
    tokenRequests,
    chatToken: (audience: string) => signChatToken(audience),
    forgedChatToken: (audience: string, forgery: Forgery) => signChatToken(audience, { forgery }),
    /** the messages created in a space */
    sentTo: delivered,
    /** the texts of the messages created in a space */
    textsTo: (space: string) =>
      delivered(space).flatMap((message) =>
        typeof message.body.text === 'string' ? [message.body.text] : [],
      ),
    /** The next messages.create is carried out at once but answered `delayMs` later. Calls queue up. */
    answerSlowly(delayMs: number): void {
      slowAnswers.push(delayMs);
    },
    /** the next messages.create calls answer this status (429, 500…), in order */
    failNext(status: number, failure: { retryAfter?: number } = {}): void {
      failures.push({ status, ...failure });
    },
    /** Posts an event to the app's endpoint as Google Chat does; answers the endpoint's status and body. */
    async deliver(
      endpoint: string,
      event: unknown,
      token?: string,
    ): Promise<{ status: number; body: string }> {
      const answer = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Google-Dynamite',
          ...(token !== undefined && { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(event),
      });
      return { status: answer.status, body: await answer.text() };
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

type CryptoKeyLike = Parameters<typeof exportPKCS8>[0];

export type FakeGoogleChat = Awaited<ReturnType<typeof startFakeGoogleChat>>;
