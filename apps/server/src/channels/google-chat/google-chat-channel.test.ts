import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addedToSpaceEvent,
  attachmentEvent,
  cardClickedEvent,
  type FakeGoogleChat,
  inSharedSpace,
  messageEvent,
  removedFromSpaceEvent,
  startFakeGoogleChat,
} from '../../testing/channels/google-chat/fake-google-chat.ts';
import {
  addCommand,
  type ConversationServer,
  createBot,
  saveChatbot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import type { ChannelTables } from '../channel-tables.ts';
import { createChannelsModule } from '../channels-module.ts';

/** how long this server's delivery worker waits for Google's answer (30 s in production) */
const ANSWER_WAIT_MS = 1500;

/** The Google Cloud project number the Chat app's requests are addressed to (hangouts verify_token). */
const PROJECT_NUMBER = '123456789012';

async function until<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const hangoutsApps = (credentials: string, status = 1) => ({
  facebook: [],
  telegram: { chatbot_app_status: 0, chatbot_app_credentials: { verify_token: '', token: '' } },
  whatsapp: {
    chatbot_app_status: 0,
    chatbot_app_credentials: { verify_token: '', chatapi_url: '', token: '' },
  },
  hangouts: {
    chatbot_app_status: status,
    chatbot_app_credentials: { verify_token: PROJECT_NUMBER, credentials },
  },
});

describe.each(await testDatabaseKinds())('Google Chat through a fake Google on $label', (kind) => {
  let server: ConversationServer;
  let fake: FakeGoogleChat;
  let bot: TestBot;
  let endpoint: string;

  const updatesOf = () =>
    server.database.db
      .withTables<ChannelTables>()
      .selectFrom('channel_updates')
      .selectAll()
      .orderBy('id')
      .execute();
  const deliver = async (event: unknown) =>
    fake.deliver(endpoint, event, await fake.chatToken(PROJECT_NUMBER));
  const saidTo = (space: string, text: string) => (fake.textsTo(space).includes(text) ? true : undefined);
  const statusOf = async () =>
    (await server.call('GET', '/api/chatbot/channels_status', { token: bot.token })).json.data.hangouts;

  beforeAll(async () => {
    fake = await startFakeGoogleChat();
    server = await startConversationServer(
      kind,
      {},
      { googleChatApiUrl: fake.url, googleChatJwksUrl: fake.jwksUrl },
      [createChannelsModule({ delivery: { timeoutMs: ANSWER_WAIT_MS, random: () => 0 } })],
    );
    bot = await createBot(server);
    endpoint = `${server.url}/hooks/hangouts/${encodeURIComponent(bot.botToken)}`;
    await addCommand(bot, {
      name: 'order pizza',
      examples: ['I want a pizza', 'order a pizza', 'can I get a pizza', 'pizza please'],
      variables: [
        {
          var_name: 'size',
          var_type: 'list',
          var_val_list: ['small', 'large'],
          var_prompt: 'Which size?',
          var_fallback_type: 'options',
          var_fallback_msg: 'Please pick a size:',
          var_fallback_options: [
            { label: 'Small', val: 'small' },
            { label: 'Large', val: 'large' },
          ],
        },
        { var_name: 'city', var_type: 'list', var_val_list: ['Cairo', 'Berlin'], var_prompt: 'Which city?' },
      ],
      response: { resp_text: 'A {{size}} pizza to {{city}} is on its way.' },
    });
    await addCommand(bot, {
      name: 'opening hours',
      lang: 'ar',
      examples: ['متى تفتحون', 'ما هي مواعيد العمل', 'هل انتم مفتوحون الان', 'مواعيد الفتح'],
      response: { resp_text: 'نفتح من التاسعة صباحا' },
    });
    await saveChatbot(bot, { apps: hangoutsApps(fake.serviceAccountJson) } as never);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('shows the channel Active with the service account once the key got a token', async () => {
    expect(await statusOf()).toMatchObject({
      status: 'active',
      reason: '',
      account: fake.serviceAccountEmail,
    });
    expect(fake.tokenRequests.at(-1)).toEqual({ status: 200 });
  });

  it('answers a two-variable command, an option clicked back as a postback, and Arabic', async () => {
    const space = 'spaces/AAAA-conversation';
    const first = await deliver(messageEvent(space, 'm1', 'I want a pizza'));
    expect(first).toEqual({ status: 200, body: '{}' });
    await until(() => saidTo(space, 'Which size?'), 'the first prompt');
    await deliver(messageEvent(space, 'm2', 'a huge one'));
    const options = await until(
      () => fake.sentTo(space).find((message) => message.body.text === 'Please pick a size:'),
      'the size options',
    );
    type Button = {
      text: string;
      onClick: { action: { function: string; parameters: { key: string; value: string }[] } };
    };
    const [card] = options.body.cardsV2 as {
      card: { sections: { widgets: { buttonList: { buttons: Button[] } }[] }[] };
    }[];
    const buttons = card?.card.sections[0]?.widgets[0]?.buttonList.buttons ?? [];
    expect(buttons.map((button) => button.text)).toEqual(['Small', 'Large']);
    const large = buttons[1]?.onClick.action;
    expect(large?.function).toBe('postback');
    // the payload travels as its short key, never as it is
    const key = large?.parameters.find((parameter) => parameter.key === 'payload')?.value ?? '';
    expect(key).toMatch(/^p:[A-Za-z0-9_-]{22}$/);
    await deliver(cardClickedEvent(space, 'fake-2', { function: 'postback', parameters: { payload: key } }));
    await until(() => saidTo(space, 'Which city?'), 'the second prompt');
    await deliver(messageEvent(space, 'm3', 'Cairo'));
    await until(() => saidTo(space, 'A large pizza to Cairo is on its way.'), 'the answer');
    await deliver(messageEvent(space, 'm4', 'متى تفتحون', { locale: 'ar', displayName: 'منى' }));
    await until(() => saidTo(space, 'نفتح من التاسعة صباحا'), 'the Arabic answer');
  });

  it('refuses a forged, foreign, expired or missing token with 401 and stores nothing', async () => {
    const space = 'spaces/AAAA-forged';
    const before = (await updatesOf()).length;
    for (const forgery of ['wrong-key', 'wrong-audience', 'expired', 'wrong-issuer'] as const) {
      const token = await fake.forgedChatToken(PROJECT_NUMBER, forgery);
      const answer = await fake.deliver(endpoint, messageEvent(space, `f-${forgery}`, 'pizza please'), token);
      expect([forgery, answer.status]).toEqual([forgery, 401]);
    }
    expect((await fake.deliver(endpoint, messageEvent(space, 'f-missing', 'pizza please'))).status).toBe(401);
    expect((await fake.deliver(endpoint, messageEvent(space, 'f-junk', 'hi'), 'not.a.jwt')).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await updatesOf()).length).toBe(before);
    expect(fake.sentTo(space)).toEqual([]);
  });

  it('answers a redelivered message once and drops a removal', async () => {
    const space = 'spaces/AAAA-redelivered';
    const event = messageEvent(space, 'r1', 'pizza please');
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(removedFromSpaceEvent(space))).status).toBe(200);
    await until(() => saidTo(space, 'Which size?'), 'the reply');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.textsTo(space)).toEqual(['Which size?']);
    const stored = (await updatesOf()).filter((row) => row.sender_id === space);
    expect(stored.map((row) => [row.external_id, row.status])).toEqual([[`${space}/messages/r1`, 'done']]);
  });

  it('retries a 429 and a 500 from the Chat API', async () => {
    const space = 'spaces/AAAA-throttled';
    fake.failNext(429, { retryAfter: 1 });
    fake.failNext(500);
    await deliver(messageEvent(space, 't1', 'order a pizza'));
    await until(() => saidTo(space, 'Which size?'), 'the prompt after a 429 and a 500', 15_000);
    const refused = fake.messages.filter((message) => message.space === space && message.status !== 200);
    expect(refused.map((message) => message.status)).toEqual([429, 500]);
  });

  it('sends a message Google answered too late again under its requestId, so the space shows it once', async () => {
    const space = 'spaces/AAAA-slow';
    fake.answerSlowly(ANSWER_WAIT_MS + 500);
    await deliver(messageEvent(space, 's1', 'متى تفتحون'));
    const calls = await until(() => {
      const made = fake.messages.filter((message) => message.space === space);
      return made.length === 2 && made.every((message) => message.status === 200) ? made : undefined;
    }, 'the call that got no answer and its resend');
    expect(calls[0]?.requestId).toMatch(/^hiwar-\d+-[0-9a-z]+-0$/);
    expect(calls.map((message) => [message.requestId, message.replayed ?? false])).toEqual([
      [calls[0]?.requestId, false],
      [calls[0]?.requestId, true],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.textsTo(space)).toEqual(['نفتح من التاسعة صباحا']);
    const [row] = await server.database.db
      .withTables<ChannelTables>()
      .selectFrom('deliveries')
      .selectAll()
      .where('sender_id', '=', space)
      .execute();
    expect(row).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('answers a file sent without text that it reads only text, in the language of the user’s locale', async () => {
    const space = 'spaces/AAAA-photo';
    await deliver(attachmentEvent(space, 'p1', 'image/png', { locale: 'de' }));
    await until(() => saidTo(space, 'Ich kann im Moment nur Textnachrichten lesen.'), 'the answer');
  });

  it('keeps a conversation per member in a shared space, answered in the space', async () => {
    const space = 'spaces/AAAA-team';
    const nadia = { name: 'users/100000000000000000001', displayName: 'Nadia' };
    const omar = { name: 'users/100000000000000000002', displayName: 'Omar' };
    const say = (id: string, text: string, user: typeof nadia) =>
      deliver(inSharedSpace(messageEvent(space, id, text, user)));
    await say('t1', 'I want a pizza', nadia);
    await until(() => (fake.textsTo(space).length === 1 ? true : undefined), 'Nadia’s question');
    await say('t2', 'pizza please', omar);
    await until(() => (fake.textsTo(space).length === 2 ? true : undefined), 'Omar’s question');
    await say('t3', 'Large', nadia);
    await until(() => (fake.textsTo(space).length === 3 ? true : undefined), 'Nadia’s next question');
    expect(fake.textsTo(space)).toEqual(['Which size?', 'Which size?', 'Which city?']);
    const senders = (await updatesOf()).filter((row) => row.sender_id.startsWith(space));
    expect(senders.map((row) => row.sender_id)).toEqual([
      `${space}:${nadia.name}`,
      `${space}:${omar.name}`,
      `${space}:${nadia.name}`,
    ]);
  });

  it('answers being added to a space with the start button when it is on', async () => {
    const space = 'spaces/AAAA-added';
    await saveChatbot(bot, {
      apps: hangoutsApps(fake.serviceAccountJson),
      chatbot_start_button_status: 1,
      chatbot_start_button_label: 'Start',
      chatbot_start_button_postback: 'pizza please',
    } as never);
    expect((await deliver(addedToSpaceEvent(space))).status).toBe(200);
    await until(() => saidTo(space, 'Which size?'), 'the welcome');
  });

  it('shows why a key cannot be used, and Inactive when switched off', async () => {
    await saveChatbot(bot, { apps: hangoutsApps('{"client_email": "x@y"') } as never);
    expect(await statusOf()).toMatchObject({
      status: 'pending',
      reason: 'The service account key is not valid JSON',
    });
    await saveChatbot(bot, { apps: hangoutsApps(fake.unknownServiceAccountJson) } as never);
    expect(await statusOf()).toMatchObject({
      status: 'pending',
      reason: 'Google refused the service account: Invalid JWT Signature.',
    });
    await saveChatbot(bot, { apps: hangoutsApps(fake.serviceAccountJson, 0) } as never);
    expect(await statusOf()).toMatchObject({ status: 'inactive' });
    const off = await deliver(messageEvent('spaces/AAAA-off', 'o1', 'hi'));
    expect(off.status).toBe(404);
    await saveChatbot(bot, { apps: hangoutsApps(fake.serviceAccountJson) } as never);
    expect(await statusOf()).toMatchObject({ status: 'active' });
  });
});
