import { afterEach, describe, expect, it } from 'vitest';
import { createOutboundGuard } from '../../../platform/net/outbound-guard.ts';
import { createOutboundHttp } from '../../../platform/net/outbound-http.ts';
import {
  type FakeChatwoot,
  type FakeChatwootOptions,
  startFakeChatwoot,
} from '../../../testing/handoff/chatwoot/chatwoot-fake.ts';
import { startTestServer, type TestServer } from '../../../testing/platform/net/peer-servers.ts';
import { parseChatwootEndpoint } from './chatwoot-account.ts';
import { type ChatwootClient, createChatwootClient } from './chatwoot-client.ts';
import { ChatwootError } from './chatwoot-error.ts';
import { isSignedByChatwoot, parseChatwootWebhook } from './chatwoot-webhook.ts';

const loopbackHttp = createOutboundHttp(createOutboundGuard(['127.0.0.1']));

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((server) => server.close()));
});

async function startFake(options: FakeChatwootOptions = {}): Promise<FakeChatwoot> {
  const fake = await startFakeChatwoot(options);
  opened.push(fake);
  return fake;
}

async function fakeWithClient(token?: string): Promise<{ fake: FakeChatwoot; client: ChatwootClient }> {
  const fake = await startFake({ teams: ['Sales', 'Billing'] });
  const account = parseChatwootEndpoint(fake.endpoint);
  if (!account) throw new Error('the fake’s endpoint does not parse');
  const client = createChatwootClient({ account, accessToken: token ?? fake.token, http: loopbackHttp });
  return { fake, client };
}

/** A receiver for the fake's webhooks, answering 200 and keeping each body. */
async function startReceiver(): Promise<TestServer> {
  const receiver = await startTestServer((_, response) => response.writeHead(200).end('{}'));
  opened.push(receiver);
  return receiver;
}

async function expectChatwootError(promise: Promise<unknown>): Promise<ChatwootError> {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ChatwootError);
  return error as ChatwootError;
}

describe('the Chatwoot endpoint in settings', () => {
  it('reads the inbox address from the browser, the inbox settings page or the API', () => {
    const expected = { baseUrl: 'https://chat.example.com', accountId: 12, inboxId: 34 };
    expect(parseChatwootEndpoint('https://chat.example.com/app/accounts/12/inbox/34')).toEqual(expected);
    expect(parseChatwootEndpoint(' https://chat.example.com/app/accounts/12/inbox/34// ')).toEqual(expected);
    expect(parseChatwootEndpoint('https://chat.example.com/app/accounts/12/settings/inboxes/34/')).toEqual(
      expected,
    );
    expect(parseChatwootEndpoint('https://chat.example.com/api/v1/accounts/12/inboxes/34')).toEqual(expected);
    expect(parseChatwootEndpoint('http://10.0.0.5:3000/app/accounts/1/inbox/2?tab=x')).toEqual({
      baseUrl: 'http://10.0.0.5:3000',
      accountId: 1,
      inboxId: 2,
    });
  });

  it('refuses other schemes, credentials, other paths and ids that are not whole numbers', () => {
    for (const endpoint of [
      'ftp://chat.example.com/app/accounts/1/inbox/2',
      'javascript:alert(1)//app/accounts/1/inbox/2',
      'https://user:pw@chat.example.com/app/accounts/1/inbox/2',
      'https://chat.example.com/app/accounts/1',
      'https://chat.example.com/app/accounts/1/inbox/2/conversations/3',
      'https://chat.example.com/app/accounts/one/inbox/2',
      'https://chat.example.com/app/accounts/0/inbox/2',
      'https://chat.example.com/app/accounts/1/inbox/-2',
      'https://chat.example.com/app/accounts/99999999999999999999/inbox/2',
      'chat.example.com/app/accounts/1/inbox/2',
      '',
    ]) {
      expect(parseChatwootEndpoint(endpoint), endpoint).toBeNull();
    }
  });
});

describe('the Chatwoot client against a faithful fake', () => {
  it('lists the account’s teams as departments', async () => {
    const { client, fake } = await fakeWithClient();
    expect(await client.listTeams()).toEqual(fake.teams.map(({ id, name }) => ({ id, name })));
    expect(fake.requests.at(-1)).toEqual({ method: 'GET', path: '/api/v1/accounts/7/teams', status: 200 });
  });

  it('opens a conversation for a new contact, then another one for the same contact with a team', async () => {
    const { client, fake } = await fakeWithClient();
    const first = await client.openConversation({ identifier: 'hiwar:bot1:sender9', name: 'Sam Lee' });
    expect(fake.contacts).toMatchObject([
      { id: first.contactId, name: 'Sam Lee', identifier: 'hiwar:bot1:sender9' },
    ]);
    expect(fake.conversations).toMatchObject([{ id: first.conversationId, status: 'open', teamId: null }]);

    const billing = fake.teams.find((team) => team.name === 'Billing');
    const second = await client.openConversation({
      identifier: 'hiwar:bot1:sender9',
      name: 'Sam Lee',
      teamId: billing?.id,
    });
    expect(second.contactId).toBe(first.contactId);
    expect(second.conversationId).not.toBe(first.conversationId);
    expect(fake.contacts).toHaveLength(1);
    expect(fake.contactInboxes).toHaveLength(1);
    expect(fake.conversations.at(-1)).toMatchObject({
      id: second.conversationId,
      status: 'open',
      teamId: billing?.id,
    });
    // the second time: refused as taken, found by search, its inbox link reused
    expect(
      fake.requests.slice(-3).map(({ method, path, status }) => `${method} ${path.split('?')[0]} ${status}`),
    ).toEqual([
      'POST /api/v1/accounts/7/contacts 422',
      'GET /api/v1/accounts/7/contacts/search 200',
      'POST /api/v1/accounts/7/conversations 200',
    ]);
  });

  it('picks the contact whose identifier is exactly the sender’s, not one that only contains it', async () => {
    const { client, fake } = await fakeWithClient();
    const longer = await client.openConversation({ identifier: 'hiwar:b:s10', name: 'Ten' });
    const exact = await client.openConversation({ identifier: 'hiwar:b:s1', name: 'One' });
    const again = await client.openConversation({ identifier: 'hiwar:b:s1', name: 'One' });
    expect(again.contactId).toBe(exact.contactId);
    expect(again.contactId).not.toBe(longer.contactId);
    expect(fake.contacts).toHaveLength(2);
  });

  it('links an existing contact that has no place in the inbox yet', async () => {
    const { client, fake } = await fakeWithClient();
    fake.contacts.push({ id: 500, name: 'Old', identifier: 'hiwar:old', createdAt: new Date() });
    const { contactId } = await client.openConversation({ identifier: 'hiwar:old', name: 'Old' });
    expect(contactId).toBe(500);
    expect(fake.contactInboxes).toMatchObject([{ contactId: 500, inboxId: fake.inbox.id }]);
    expect(fake.conversations).toMatchObject([
      { contactId: 500, contactInboxId: fake.contactInboxes[0]?.id },
    ]);
  });

  it('posts the sender’s message as incoming and resolves the conversation', async () => {
    const { client, fake } = await fakeWithClient();
    const { conversationId } = await client.openConversation({ identifier: 'hiwar:s', name: 'Sam' });
    const { messageId } = await client.postIncoming(conversationId, 'مرحبا، أحتاج مساعدة');
    expect(fake.messages).toEqual([
      expect.objectContaining({
        id: messageId,
        conversationId,
        content: 'مرحبا، أحتاج مساعدة',
        messageType: 'incoming',
        isPrivate: false,
      }),
    ]);
    await client.resolve(conversationId);
    expect(fake.conversations[0]?.status).toBe('resolved');
  });

  it('answers a 404 for a conversation Chatwoot does not have as a typed error', async () => {
    const { client } = await fakeWithClient();
    const error = await expectChatwootError(client.postIncoming(999, 'hello'));
    expect(error).toMatchObject({
      reason: 'http',
      status: 404,
      chatwootMessage: 'Resource could not be found',
    });
  });

  it('refuses a wrong access token with 401 and Chatwoot’s words', async () => {
    const { client, fake } = await fakeWithClient('not-the-token');
    const error = await expectChatwootError(client.listTeams());
    expect(error).toMatchObject({ reason: 'http', status: 401, chatwootMessage: 'Invalid Access Token' });
    expect(error.message).not.toContain('not-the-token');
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a 429 once after Retry-After, and then succeeds', async () => {
    const { client, fake } = await fakeWithClient();
    fake.failNext(1, 429, 1);
    const started = Date.now();
    expect(await client.listTeams()).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.requests.map(({ status }) => status)).toEqual([429, 200]);
  });

  it('does not wait longer than 2 s: a longer Retry-After is the caller’s to honour', async () => {
    const { client, fake } = await fakeWithClient();
    fake.failNext(1, 429, 30);
    const error = await expectChatwootError(client.listTeams());
    expect(error).toMatchObject({
      reason: 'http',
      status: 429,
      retryAfter: 30,
      chatwootMessage: 'Retry later',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('tries a 500 once more, and gives up with a typed error when it comes again', async () => {
    const { client, fake } = await fakeWithClient();
    fake.failNext(2, 500);
    const error = await expectChatwootError(client.resolve(1));
    expect(error).toMatchObject({ reason: 'http', status: 500, chatwootMessage: 'Internal Server Error' });
    expect(fake.requests.map(({ status }) => status)).toEqual([500, 500]);
  });

  it('goes through the outbound guard: loopback is refused unless allow-listed', async () => {
    const { fake } = await fakeWithClient();
    const account = parseChatwootEndpoint(fake.endpoint);
    if (!account) throw new Error('the fake’s endpoint does not parse');
    const guarded = createChatwootClient({
      account,
      accessToken: fake.token,
      http: createOutboundHttp(createOutboundGuard([])),
    });
    const error = await expectChatwootError(guarded.listTeams());
    expect(error).toMatchObject({ reason: 'refused', status: 0 });
    expect(fake.requests).toHaveLength(0);
  });

  it('follows no redirect, so the token never travels to another address', async () => {
    const elsewhere = await startTestServer((_, response) => response.writeHead(200).end('[]'));
    opened.push(elsewhere);
    const redirecting = await startTestServer((_, response) =>
      response.writeHead(301, { location: `${elsewhere.origin}/api/v1/accounts/1/teams` }).end(),
    );
    opened.push(redirecting);
    const client = createChatwootClient({
      account: { baseUrl: redirecting.origin, accountId: 1, inboxId: 1 },
      accessToken: 'secret-token',
      http: loopbackHttp,
    });
    const error = await expectChatwootError(client.listTeams());
    expect(error.reason).toBe('too_many_redirects');
    expect(elsewhere.seen).toHaveLength(0);
    expect(redirecting.seen[0]?.headers.api_access_token).toBe('secret-token');
  });
});

describe('the fake Chatwoot', () => {
  it('is as strict as the real one about tokens, accounts, bodies and required fields', async () => {
    const fake = await startFake();
    const call = async (
      path: string,
      init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
    ) => {
      const answer = await loopbackHttp.request(`${fake.origin}/api/v1/accounts${path}`, init);
      return { status: answer.status, body: JSON.parse(answer.bodyText) as unknown };
    };
    const auth = { api_access_token: fake.token };
    const json = { ...auth, 'content-type': 'application/json' };
    expect(await call('/7/teams', {})).toEqual({
      status: 401,
      body: { error: 'You need to sign in or sign up before continuing.' },
    });
    expect(await call('/7/teams', { headers: { api_access_token: 'wrong' } })).toEqual({
      status: 401,
      body: { error: 'Invalid Access Token' },
    });
    expect((await call('/8/teams', { headers: auth })).status).toBe(404);
    expect((await call('/7/nothing', { headers: auth })).status).toBe(404);
    expect((await call('/7/contacts', { method: 'POST', headers: auth, body: 'name=x' })).status).toBe(415);
    expect((await call('/7/contacts', { method: 'POST', headers: json, body: '{"name":' })).status).toBe(400);
    expect(await call('/7/contacts', { method: 'POST', headers: json, body: '{"inbox_id":99}' })).toEqual({
      status: 404,
      body: { error: 'Resource could not be found' },
    });
    expect(await call('/7/contacts/search', { headers: auth })).toEqual({
      status: 422,
      body: { error: 'Specify search string with parameter q' },
    });
    const created = await call('/7/contacts', { method: 'POST', headers: json, body: '{"identifier":"x"}' });
    expect(created.status).toBe(200);
    expect(await call('/7/contacts', { method: 'POST', headers: json, body: '{"identifier":"x"}' })).toEqual({
      status: 422,
      body: { message: 'Identifier has already been taken', attributes: ['identifier'] },
    });
    expect(
      (await call('/7/contacts/1/contact_inboxes', { method: 'POST', headers: json, body: '{}' })).status,
    ).toBe(422);
    expect(
      (await call('/7/conversations/1/toggle_status', { method: 'POST', headers: json, body: '{}' })).status,
    ).toBe(404);
  });
});

describe('Chatwoot’s webhooks', () => {
  it('give the agent’s reply, and ignore the echo of our own incoming message and private notes', async () => {
    const receiver = await startReceiver();
    const { client, fake } = await fakeWithClient();
    fake.webhookUrl = `${receiver.origin}/hooks/chatwoot/token`;
    const { conversationId } = await client.openConversation({ identifier: 'hiwar:s', name: 'Sam' });
    await client.postIncoming(conversationId, 'I need help');
    await fake.agentReply(conversationId, 'Hello Sam, how can I help?');
    await fake.agentReply(conversationId, 'internal: VIP customer', { isPrivate: true });
    await fake.settled();

    // the webhooks are posted at once, as Chatwoot's workers do, so they may arrive in any order: read them in
    // the order the fake sent them, as they arrived
    expect(receiver.seen).toHaveLength(4);
    const arrived = new Set(receiver.seen.map((delivery) => delivery.body));
    const sent = fake.deliveries.map((delivery) => delivery.payload);
    expect(sent.every((payload) => arrived.has(JSON.stringify(payload)))).toBe(true);
    const events = sent.map((payload) => parseChatwootWebhook(payload));
    const names = sent.map((payload) => (payload as { event: string }).event);
    expect(names).toEqual(['conversation_created', 'message_created', 'message_created', 'message_created']);
    expect(events).toEqual([
      null, // conversation_created
      null, // our own incoming message, echoed
      {
        kind: 'agent_message',
        conversationId,
        text: 'Hello Sam, how can I help?',
        messageId: fake.messages[1]?.id,
        accountId: fake.account.id,
        inboxId: fake.inbox.id,
      },
      null, // a private note
    ]);
    for (const delivery of receiver.seen) expect(delivery.headers['content-type']).toBe('application/json');
  });

  it('say when an agent resolves the conversation (and when we resolve it)', async () => {
    const receiver = await startReceiver();
    const { client, fake } = await fakeWithClient();
    const first = await client.openConversation({ identifier: 'hiwar:a', name: 'A' });
    const second = await client.openConversation({ identifier: 'hiwar:b', name: 'B' });
    fake.webhookUrl = receiver.origin;
    await fake.resolveFromAgent(first.conversationId);
    await client.resolve(second.conversationId);
    await fake.settled();
    const events = receiver.seen.map((delivery) => parseChatwootWebhook(JSON.parse(delivery.body)));
    expect(events).toEqual([
      {
        kind: 'resolved',
        conversationId: first.conversationId,
        accountId: fake.account.id,
        inboxId: fake.inbox.id,
      },
      {
        kind: 'resolved',
        conversationId: second.conversationId,
        accountId: fake.account.id,
        inboxId: fake.inbox.id,
      },
    ]);
  });

  it('read message_type as a name or a number, and ignore templates, activity, empty text and other events', () => {
    const message = (fields: Record<string, unknown>) => ({
      event: 'message_created',
      id: 41,
      content: 'Hi',
      message_type: 'outgoing',
      private: false,
      conversation: { id: 5, inbox_id: 3 },
      account: { id: 7, name: 'Acme' },
      ...fields,
    });
    expect(parseChatwootWebhook(message({ message_type: 1 }))).toMatchObject({
      kind: 'agent_message',
      text: 'Hi',
    });
    expect(parseChatwootWebhook(message({ id: '41', conversation: { id: '5' } }))).toMatchObject({
      conversationId: 5,
      messageId: 41,
      inboxId: null,
    });
    for (const fields of [
      { message_type: 0 },
      { message_type: 'incoming' },
      { message_type: 'template' },
      { message_type: 3 },
      { message_type: 'activity' },
      { private: true },
      { content: '   ' },
      { content: null },
      { conversation: null },
      { conversation: { id: 'five' } },
    ]) {
      expect(parseChatwootWebhook(message(fields)), JSON.stringify(fields)).toBeNull();
    }
    expect(parseChatwootWebhook({ event: 'conversation_status_changed', id: 5, status: 'open' })).toBeNull();
    expect(parseChatwootWebhook({ event: 'conversation_updated', id: 5, status: 'resolved' })).toBeNull();
    expect(parseChatwootWebhook({ event: 'conversation_resolved', id: 5 })).toBeNull();
    for (const body of [null, 'message_created', [], {}, { event: 'contact_created', id: 1 }]) {
      expect(parseChatwootWebhook(body)).toBeNull();
    }
  });

  it('can be checked against the webhook secret when Chatwoot signs them', async () => {
    const receiver = await startReceiver();
    const fake = await startFake({ webhookSecret: 'whsec', webhookUrl: receiver.origin });
    fake.contacts.push({ id: 1, name: 'A', identifier: 'a', createdAt: new Date() });
    fake.contactInboxes.push({ id: 2, contactId: 1, inboxId: fake.inbox.id, sourceId: 'src' });
    fake.conversations.push({
      id: 1,
      contactId: 1,
      inboxId: fake.inbox.id,
      contactInboxId: 2,
      status: 'open',
      teamId: null,
      createdAt: new Date(),
    });
    await fake.agentReply(1, 'Hello');
    const [delivery] = receiver.seen;
    const signed = {
      rawBody: delivery?.body ?? '',
      timestamp: delivery?.headers['x-chatwoot-timestamp'] as string | undefined,
      signature: delivery?.headers['x-chatwoot-signature'] as string | undefined,
    };
    expect(isSignedByChatwoot(signed, 'whsec')).toBe(true);
    expect(isSignedByChatwoot(signed, 'other')).toBe(false);
    expect(isSignedByChatwoot({ ...signed, rawBody: `${signed.rawBody} ` }, 'whsec')).toBe(false);
    expect(isSignedByChatwoot(signed, 'whsec', Number(signed.timestamp) + 301)).toBe(false);
    expect(isSignedByChatwoot({ ...signed, signature: undefined }, 'whsec')).toBe(false);
  });
});
