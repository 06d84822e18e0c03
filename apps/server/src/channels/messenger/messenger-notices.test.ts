import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotice } from '../../modules/notices/notice-repository.ts';
import {
  type FakeMessenger,
  startFakeMessenger,
  textEvent,
  webhookBody,
} from '../../testing/channels/messenger/fake-messenger-api.ts';
import {
  addCommand,
  type ConversationServer,
  createBot,
  saveChatbot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { until } from '../../testing/until.ts';
import type { ChannelTables } from '../channel-tables.ts';

const PAGE_ID = '3001';
const DAY_MS = 24 * 60 * 60_000;

/**
 * A notice to a Messenger customer goes as a plain update within 24 hours of their last message;
 * after it, a person's reply during a hand-over takes the HUMAN_AGENT tag (Meta allows it for 7 days), anything
 * else the ACCOUNT_UPDATE tag.
 */
describe.each(await testDatabaseKinds())('Messenger notices and the 24-hour window on $label', (kind) => {
  let server: ConversationServer;
  let fake: FakeMessenger;
  let bot: TestBot;

  const sentTo = (psid: string) => fake.sentTo(psid);

  /** the customer writes to the page and is answered; then, as if `agoMs` had passed since */
  async function writes(psid: string, mid: string, agoMs: number): Promise<void> {
    const hook = `${server.url}/hooks/messenger/${encodeURIComponent(bot.botToken)}`;
    const before = sentTo(psid).length;
    await fake.deliver(hook, webhookBody(PAGE_ID, [textEvent(PAGE_ID, psid, mid, 'when are you open')]));
    await until(() => (sentTo(psid).length > before ? true : undefined), 'the answer');
    await server.database.db
      .withTables<ChannelTables>()
      .updateTable('channel_updates')
      .set({ created_at: new Date(Date.now() - agoMs).toISOString() })
      .where('sender_id', '=', psid)
      .execute();
  }

  /** the notice as Messenger got it: its messaging type and tag */
  async function noticeSent(psid: string, about: Parameters<typeof insertNotice>[3], text: string) {
    const before = sentTo(psid).length;
    await insertNotice(
      server.database.db,
      { userId: bot.userId, platform: 'facebook', senderId: psid },
      { type: 'text', text },
      about,
    );
    const body = await until(() => sentTo(psid).slice(before).at(0), `the notice to ${psid}`);
    expect((body.message as { text: string }).text).toBe(text);
    return { messaging_type: body.messaging_type, tag: body.tag };
  }

  beforeAll(async () => {
    fake = await startFakeMessenger({ appId: 'app-id', appSecret: 'app-secret' });
    const page = fake.addPage({ id: PAGE_ID, name: 'Bakery Page' });
    server = await startConversationServer(
      kind,
      {},
      { facebookGraphUrl: fake.url, fbAppId: 'app-id', fbAppSecret: 'app-secret', fbVerifyToken: 'verify' },
    );
    bot = await createBot(server);
    await addCommand(bot, {
      name: 'hours',
      examples: ['when are you open', 'opening hours', 'what time do you open', 'are you open now'],
      response: { resp_text: 'We open at nine.' },
    });
    await saveChatbot(bot, {
      apps: {
        facebook: [
          {
            chatbot_app_status: 1,
            chatbot_app_credentials: {
              name: 'Bakery Page',
              verify_token: 'v',
              page_id: PAGE_ID,
              access_token: page.token,
            },
          },
        ],
        telegram: { chatbot_app_status: 0, chatbot_app_credentials: { verify_token: '', token: '' } },
        whatsapp: {
          chatbot_app_status: 0,
          chatbot_app_credentials: { verify_token: '', chatapi_url: '', token: '' },
        },
        hangouts: { chatbot_app_status: 0, chatbot_app_credentials: { verify_token: '', credentials: '' } },
      },
    } as never);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('sends a person’s reply as a plain update within the window and with HUMAN_AGENT after it', async () => {
    await writes('psid-recent', 'mid.n1', 60_000);
    expect(
      await noticeSent('psid-recent', { kind: 'agent_reply', params: [] }, 'Sara here, how can I help?'),
    ).toEqual({
      messaging_type: 'UPDATE',
      tag: undefined,
    });
    await writes('psid-late', 'mid.n2', 2 * DAY_MS);
    expect(
      await noticeSent('psid-late', { kind: 'agent_reply', params: [] }, 'Sorry for the wait, Sara here.'),
    ).toEqual({
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
    });
    // an order confirmed after the window is an account update
    expect(
      await noticeSent(
        'psid-late',
        { kind: 'order_confirmed', params: ['FB-3'] },
        'Your order FB-3 is confirmed.',
      ),
    ).toEqual({
      messaging_type: 'MESSAGE_TAG',
      tag: 'ACCOUNT_UPDATE',
    });
  });
});
