import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../../testing/conversation-server.ts';
import { type SmtpSink, startSmtpSink } from '../../../testing/platform/mail/smtp-sink.ts';
import { testDatabaseKinds } from '../../../testing/test-databases.ts';
import { listTurnActions } from './action-repository.ts';

interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An owner's HTTP endpoint on loopback: records what it receives; /fail answers 500. */
async function startFakeApi(): Promise<{ url: string; received: ReceivedRequest[]; server: Server }> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      response.statusCode = request.url?.startsWith('/fail') ? 500 : 200;
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, server };
}

async function eventually<T>(read: () => Promise<T> | T, isDone: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const nameVariable = {
  var_name: 'name',
  var_type: 'text' as const,
  var_val_text: 'x',
  var_prompt: 'Your name?',
};

/** A command asking for `name`, whose response (built with that variable's id) is saved once it exists. */
async function addNamedCommand(
  bot: TestBot,
  name: string,
  examples: string[],
  response: (nameVarId: number) => Record<string, unknown>,
): Promise<void> {
  const { id, varIds } = await addCommand(bot, { name, examples, variables: [nameVariable] });
  const record = { resp_type: 'text', ...response(varIds[0] ?? 0) };
  const saved = await bot.server.call('POST', `/api/command_response/save/${id}`, {
    token: bot.token,
    body: { record },
  });
  if (saved.json?.status !== 1) throw new Error(`response save failed: ${saved.text}`);
}

describe.each(await testDatabaseKinds())('response actions and user data on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let sink: SmtpSink;
  let api: Awaited<ReturnType<typeof startFakeApi>>;
  let datasetId: number;

  beforeAll(async () => {
    sink = await startSmtpSink();
    api = await startFakeApi();
    server = await startConversationServer(kind, {}, { smtpUrl: sink.url, outboundAllow: ['127.0.0.1'] });
    bot = await createBot(server);
    const saved = await server.call('POST', '/api/dataset/save/0', {
      token: bot.token,
      body: {
        ds_name: 'leads',
        ds_schema: [
          { name: 'name', type: 'text', permission: 'rw' },
          { name: 'phone', type: 'text', permission: 'rw' },
          { name: 'visits', type: 'number', permission: 'rw' },
        ],
      },
    });
    datasetId = saved.json.id;
    const actions = (list: Record<string, unknown>[]) => ({ resp_action_status: 1, resp_actions: list });
    await addNamedCommand(
      bot,
      'order',
      ['place an order', 'i want to order', 'order something', 'make an order'],
      (nameVarId) => ({
        resp_text: 'Thanks {{name}}, we are on it.',
        ...actions([
          {
            resp_action_type: 'mail',
            resp_action_mail_title: 'New order from {{name}}',
            resp_action_mail_msg: '{{name}} ordered through {{platform}}.',
            resp_action_mail_to: ['shop@example.com', 'owner@example.com'],
          },
          {
            resp_action_type: 'api',
            resp_action_api_url: `${api.url}/orders`,
            resp_action_api_req_type: 'post',
            resp_action_api_headers: 'X-Shop: {{name}}\nBad header line\nX-Said: {{message}}',
            resp_action_api_pars: [
              { name: 'customer', var_id: nameVarId, var_name: 'name', var_default_value: '' },
              { name: 'channel', var_default_value: 'bot-{{platform}}' },
            ],
          },
        ]),
      }),
    );
    await addCommand(bot, {
      name: 'ping',
      examples: ['ping the server', 'send a ping', 'ping please', 'do a ping'],
      response: {
        resp_text: 'Pinged.',
        ...actions([
          {
            resp_action_type: 'api',
            resp_action_api_url: `${api.url}/fail`,
            resp_action_api_req_type: 'get',
          },
          {
            resp_action_type: 'api',
            resp_action_api_url: 'http://127.0.0.2:9/hook',
            resp_action_api_req_type: 'get',
          },
        ]),
      },
    });
    const userData = (mode: string, nameVarId: number) => ({
      resp_user_data_status: 1,
      resp_user_data_mode_name: mode,
      resp_user_data_dataset_id: datasetId,
      resp_user_data_pars: [
        { name: 'name', var_id: nameVarId, var_name: 'name', var_default_value: '', is_primary: 1 },
        { name: 'phone', var_default_value: '555-{{name}}' },
        { name: 'visits', var_default_value: 'many' },
      ],
    });
    await addNamedCommand(
      bot,
      'register',
      ['register me', 'sign me up', 'i want to register', 'create my registration'],
      (id) => ({ resp_text: 'Registered {{name}}.', ...userData('insert', id) }),
    );
    await addNamedCommand(
      bot,
      'finish registration',
      ['finish my registration', 'complete registration', 'i am done registering', 'close registration'],
      (id) => ({ resp_text: 'Done, {{name}}.', ...userData('finish', id) }),
    );
    await addNamedCommand(
      bot,
      'forget me',
      ['forget me', 'delete my data', 'remove my registration', 'erase my details'],
      (id) => ({ resp_text: 'Forgotten.', ...userData('delete', id) }),
    );
  });

  afterAll(async () => {
    await server?.close();
    await sink?.close();
    await new Promise((resolve) => api?.server.close(resolve));
  });

  it('mails the recipients and calls the api after answering, with the sender’s values', async () => {
    const sender = newSender(bot);
    expect(await sender.say('i want to order')).toEqual([{ type: 'text', text: 'Your name?' }]);
    const answer = await sender.send({ type: 'text', text: 'Sam' });
    expect(answer.replies).toEqual([{ type: 'text', text: 'Thanks Sam, we are on it.' }]);

    const outcomes = await eventually(
      () => listTurnActions(server.database.db, answer.turn_id),
      (list) => list.length === 2 && list.every((action) => action.status === 'done'),
    );
    expect(outcomes.map((action) => action.status)).toEqual(['done', 'done']);
    const mail = sink.received.find((received) => received.raw.includes('New order from Sam'));
    expect(mail?.to).toEqual(['shop@example.com', 'owner@example.com']);
    expect(mail?.raw).toContain('Sam ordered through web.');
    const call = api.received.find((received) => received.url === '/orders');
    expect(call?.method).toBe('POST');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ customer: 'Sam', channel: 'bot-web' });
    expect(call?.headers['x-shop']).toBe('Sam');
    expect(call?.headers['x-said']).toBe('i want to order');
  });

  it('records a failing or refused api call on the turn and never shows it to the sender', async () => {
    const sender = newSender(bot);
    const answer = await sender.send({ type: 'text', text: 'ping the server' });
    expect(answer.replies).toEqual([{ type: 'text', text: 'Pinged.' }]);

    const outcomes = await eventually(
      () => listTurnActions(server.database.db, answer.turn_id),
      (list) => list.length === 2 && list.every((action) => action.status === 'failed'),
    );
    expect(outcomes).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1, lastError: expect.stringContaining('500') }),
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        lastError: expect.stringMatching(/127\.0\.0\.2/),
      }),
    ]);
    expect(api.received.filter((received) => received.url === '/fail')).toHaveLength(1);
  });

  it('writes, finishes and deletes the sender’s own record of the dataset', async () => {
    const records = async () => {
      const page = await server.call('POST', '/api/dataset/get-with-keys', {
        token: bot.token,
        body: { ds_id: datasetId, keywords: '', page: 1 },
      });
      return page.json.data as Record<string, unknown>[];
    };
    const sam = newSender(bot);
    const other = newSender(bot);
    await sam.say('register me');
    await sam.say('Sam');
    await other.say('register me');
    await other.say('Lee');
    expect(await records()).toEqual([
      expect.objectContaining({
        name: 'Sam',
        phone: '555-Sam',
        __sender_id: `web:${sam.senderId}`,
        __status: 0,
      }),
      expect.objectContaining({ name: 'Lee', __sender_id: `web:${other.senderId}`, __status: 0 }),
    ]);
    // "many" is not a number: that value is left out, the rest is written
    expect((await records())[0]?.visits ?? null).toBeNull();

    await sam.say('finish my registration');
    await sam.say('Sam');
    const afterFinish = await records();
    expect(afterFinish).toHaveLength(2);
    expect(afterFinish[0]).toEqual(expect.objectContaining({ name: 'Sam', __status: 1 }));

    await sam.say('forget me');
    await sam.say('Sam');
    expect((await records()).map((record) => record.name)).toEqual(['Lee']);
  });

  it('queues nothing for /debug, which stores nothing', async () => {
    const countActions = async () =>
      (
        await server.database.db
          .withTables<{ turn_actions: { id: number } }>()
          .selectFrom('turn_actions')
          .select('id')
          .execute()
      ).length;
    const before = await countActions();
    const calls = api.received.length;
    const debug = await server.call('GET', `/api/debug?message=${encodeURIComponent('ping the server')}`, {
      token: bot.token,
    });
    expect(debug.status).toBe(200);
    expect(JSON.stringify(debug.json)).toContain('Pinged.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await countActions()).toBe(before);
    expect(api.received.length).toBe(calls);
  });
});
