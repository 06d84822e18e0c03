import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signChatwootDelivery } from '../../../modules/handoff/chatwoot/chatwoot-webhook.ts';
import {
  conversationWebhookJson,
  type FakeConversation,
  type FakeConversationStatus,
  type FakeMessage,
  type FakeStore,
  type FakeTeam,
  messageWebhookJson,
} from './chatwoot-fake-payloads.ts';
import { type Answer, fakeRoutes, NOT_FOUND, type ParsedRequest } from './chatwoot-fake-routes.ts';

/**
 * A fake Chatwoot (Application API v1) on 127.0.0.1, as strict as the real one where a client could notice:
 * `api_access_token` missing → 401 "You need to sign in…" (Devise), wrong → 401 "Invalid Access Token"; an
 * unknown route → 404; an unknown account, inbox, contact, contact inbox or conversation → 404 "Resource could
 * not be found"; a taken identifier → 422 `{message, attributes}`; a body that is not JSON → 400 (invalid) or
 * 415 (another type); a missing required field → 422 `{error: "param is missing…"}` (where the real server
 * would answer 404 or 500 for some of them). Contact search matches parts of names and identifiers, 15 a page.
 * It also posts webhooks, as Chatwoot does, to `webhookUrl` when set: every message created (our own incoming
 * ones too), conversations created and status changes; signed when `webhookSecret` is given.
 */
export interface FakeChatwoot extends FakeStore {
  /** http://127.0.0.1:port */
  origin: string;
  token: string;
  /** the inbox's address as an owner copies it from the browser (settings card 2's cs_endpoint) */
  endpoint: string;
  /** every request: method, path with query, the status answered */
  requests: { method: string; path: string; status: number }[];
  /** every webhook posted: the payload, and the receiver's status (null when it could not be reached) */
  deliveries: { payload: Record<string, unknown>; status: number | null }[];
  webhookUrl: string | null;
  addTeam(name: string): FakeTeam;
  /** the next `count` requests answer `status` (429: "Retry later", with Retry-After when given) */
  failNext(count: number, status: number, retryAfterSeconds?: number): void;
  /** an agent replies in Chatwoot: stored, then posted as `message_created` (outgoing); resolves when delivered */
  agentReply(conversationId: number, text: string, options?: { isPrivate?: boolean }): Promise<void>;
  /** posts a webhook already delivered again, as a retrying job or proxy does after a slow delivery */
  redeliver(index: number): Promise<void>;
  /** an agent resolves the conversation: posted as `conversation_status_changed` */
  resolveFromAgent(conversationId: number): Promise<void>;
  /** resolves once every webhook posted so far has been answered */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface FakeChatwootOptions {
  token?: string;
  accountId?: number;
  inboxId?: number;
  teams?: string[];
  webhookUrl?: string;
  webhookSecret?: string;
}

export async function startFakeChatwoot(options: FakeChatwootOptions = {}): Promise<FakeChatwoot> {
  let nextId = 1;
  const newId = () => nextId++;
  const failures: { status: number; retryAfter?: number }[] = [];
  const pending = new Set<Promise<void>>();
  const store: FakeStore = {
    account: { id: options.accountId ?? 7, name: 'Acme support' },
    inbox: { id: options.inboxId ?? 3, name: 'Hiwar' },
    agent: { id: 1, name: 'Agent Amal', email: 'amal@example.com' },
    teams: [],
    contacts: [],
    contactInboxes: [],
    conversations: [],
    messages: [],
  };
  const token = options.token ?? 'cw-token-1234567890';
  const findConversation = (id: number) => store.conversations.find((item) => item.id === id);

  function deliver(payload: Record<string, unknown>): Promise<void> {
    const url = fake.webhookUrl;
    if (!url) return Promise.resolve();
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (options.webhookSecret) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      headers['x-chatwoot-timestamp'] = timestamp;
      headers['x-chatwoot-signature'] = signChatwootDelivery(body, timestamp, options.webhookSecret);
      headers['x-chatwoot-delivery'] = randomUUID();
    }
    const delivery = { payload, status: null as number | null };
    fake.deliveries.push(delivery);
    const sent = fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) })
      .then(async (answer) => {
        delivery.status = answer.status;
        await answer.arrayBuffer();
      })
      .catch(() => undefined)
      .finally(() => pending.delete(sent));
    pending.add(sent);
    return sent;
  }

  function addMessage(
    conversation: FakeConversation,
    fields: Omit<FakeMessage, 'id' | 'createdAt' | 'conversationId'>,
  ) {
    const message: FakeMessage = {
      id: newId(),
      conversationId: conversation.id,
      createdAt: new Date(),
      ...fields,
    };
    store.messages.push(message);
    void deliver(messageWebhookJson(store, message, conversation));
    return message;
  }

  function changeStatus(conversation: FakeConversation, status: FakeConversationStatus): Promise<void> {
    const previous = conversation.status;
    if (previous === status) return Promise.resolve();
    conversation.status = status;
    return deliver({
      ...conversationWebhookJson(store, conversation),
      event: 'conversation_status_changed',
      changed_attributes: [{ status: { previous_value: previous, current_value: status } }],
    });
  }

  function linkContact(contactId: number, sourceId?: string) {
    const link = { id: newId(), contactId, inboxId: store.inbox.id, sourceId: sourceId ?? randomUUID() };
    store.contactInboxes.push(link);
    return link;
  }

  const routes = fakeRoutes({ store, newId, linkContact, addMessage, changeStatus, deliver });

  function answerRequest(request: ParsedRequest): Answer {
    const failure = failures.shift();
    if (failure?.status === 429) {
      const headers: Record<string, string> = { 'content-type': 'text/plain' };
      if (failure.retryAfter !== undefined) headers['retry-after'] = String(failure.retryAfter);
      return { status: 429, body: 'Retry later\n', headers };
    }
    if (failure)
      return { status: failure.status, body: { status: failure.status, error: 'Internal Server Error' } };
    const match = /^\/api\/v1\/accounts\/(\d+)(\/.*)$/.exec(request.path);
    const route =
      match && routes.find(([method, pattern]) => method === request.method && pattern.test(match[2] ?? ''));
    if (!match || !route) return { status: 404, body: { status: 404, error: 'Not Found' } };
    const given = request.headers.api_access_token;
    if (given === undefined || given === '') {
      return { status: 401, body: { error: 'You need to sign in or sign up before continuing.' } };
    }
    if (given !== token) return { status: 401, body: { error: 'Invalid Access Token' } };
    if (Number(match[1]) !== store.account.id) return NOT_FOUND;
    const params = (route[1].exec(match[2] ?? '') ?? []).slice(1).map(Number);
    return route[2](request, params);
  }

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      const answer = parseBody(incoming, raw, (body) =>
        answerRequest({
          method: incoming.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: incoming.headers,
          body,
        }),
      );
      fake.requests.push({
        method: incoming.method ?? '',
        path: `${url.pathname}${url.search}`,
        status: answer.status,
      });
      send(response, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeChatwoot = Object.assign(store, {
    origin,
    token,
    endpoint: `${origin}/app/accounts/${store.account.id}/inbox/${store.inbox.id}`,
    requests: [],
    deliveries: [],
    webhookUrl: options.webhookUrl ?? null,
    addTeam(name: string) {
      const team = { id: newId(), name, description: '' };
      store.teams.push(team);
      return team;
    },
    failNext(count: number, status: number, retryAfterSeconds?: number) {
      for (let i = 0; i < count; i++) failures.push({ status, retryAfter: retryAfterSeconds });
    },
    async agentReply(conversationId: number, text: string, replyOptions: { isPrivate?: boolean } = {}) {
      const conversation = findConversation(conversationId);
      if (!conversation) throw new Error(`no conversation ${conversationId}`);
      addMessage(conversation, {
        content: text,
        messageType: 'outgoing',
        isPrivate: replyOptions.isPrivate ?? false,
        senderType: 'user',
      });
      await fake.settled();
    },
    async redeliver(index: number) {
      const delivery = fake.deliveries[index];
      if (!delivery) throw new Error(`no delivery ${index}`);
      await deliver(delivery.payload);
    },
    async resolveFromAgent(conversationId: number) {
      const conversation = findConversation(conversationId);
      if (!conversation) throw new Error(`no conversation ${conversationId}`);
      await changeStatus(conversation, 'resolved');
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await fake.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  for (const name of options.teams ?? []) fake.addTeam(name);
  return fake;
}

/** Rails reads a JSON body only when it says it is JSON; one that does not parse is a 400. */
function parseBody(
  incoming: IncomingMessage,
  raw: string,
  answer: (body: Record<string, unknown>) => Answer,
): Answer {
  if (raw === '') return answer({});
  const type = (incoming.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return { status: 415, body: { error: 'Send the body as application/json' } };
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { status: 400, body: { status: 400, error: 'Bad Request' } };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return answer({});
  return answer(body as Record<string, unknown>);
}

function send(response: ServerResponse, answer: Answer) {
  const isText = typeof answer.body === 'string';
  response.writeHead(answer.status, {
    'content-type': isText ? 'text/plain' : 'application/json; charset=utf-8',
    ...answer.headers,
  });
  response.end(isText ? answer.body : JSON.stringify(answer.body));
}
