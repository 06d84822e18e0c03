import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotice } from '../../modules/notices/notice-repository.ts';
import { subscribeSender } from '../../modules/subscriptions/subscriber-repository.ts';
import {
  deliverWebhook,
  type FakeWhatsapp,
  startFakeWhatsapp,
  textWebhook,
  wamid,
} from '../../testing/channels/whatsapp/fake-whatsapp-api.ts';
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
import { createChannelsModule } from '../channels-module.ts';

const ACCESS_TOKEN = 'EAAG-fake-whatsapp-template-token';
const APP_SECRET = 'test-app-secret';
const NUMBER = { phoneNumberId: '106540352242977', displayPhoneNumber: '15550783899' };
const DAY_MS = 24 * 60 * 60_000;

const whatsappApps = (apiUrl: string) => ({
  facebook: [],
  telegram: { chatbot_app_status: 0, chatbot_app_credentials: { verify_token: '', token: '' } },
  whatsapp: {
    chatbot_app_status: 1,
    chatbot_app_credentials: { verify_token: 'verify', chatapi_url: apiUrl, token: ACCESS_TOKEN },
  },
  hangouts: { chatbot_app_status: 0, chatbot_app_credentials: { verify_token: '', credentials: '' } },
});

/**
 * A notification to a WhatsApp subscriber who has not written in 24 hours goes as the approved
 * template the subscription channel names, filled from the notification; without one it fails with that reason.
 */
describe.each(await testDatabaseKinds())(
  'WhatsApp templates outside the 24-hour window on $label',
  (kind) => {
    let server: ConversationServer;
    let fake: FakeWhatsapp;
    let bot: TestBot;
    let hook: string;
    /** when the bot takes a message to have come (the turn, so the sender's last message) */
    const clock = { now: new Date() };

    const sentTo = (waId: string) => fake.sent(waId).map((call) => call.body);

    /** the sender writes to the bot `agoMs` before now (the runtime's clock), and is answered */
    async function writes(waId: string, agoMs: number, seed: string): Promise<void> {
      clock.now = new Date(Date.now() - agoMs);
      const message = textWebhook(NUMBER, { waId, name: 'Layla' }, wamid(seed), 'when do you open');
      expect((await deliverWebhook(hook, message, APP_SECRET)).status).toBe(200);
      const answered = sentTo(waId).length + 1;
      await until(async () => (sentTo(waId).length >= answered ? true : undefined), `the answer to ${waId}`);
      if (agoMs >= DAY_MS) fake.closeWindow(waId);
    }

    async function channelWith(title: string, template: unknown): Promise<number> {
      const saved = await server.call('POST', '/api/subscription/save/0', {
        token: bot.token,
        body: { sc_title: title, whatsapp_template: template },
      });
      expect(saved.status, saved.text).toBe(200);
      return saved.json.id as number;
    }

    async function send(channelId: number, data: Record<string, unknown>) {
      const sent = await server.call('POST', '/api/subscription/send_to_subscribers', {
        token: bot.token,
        body: { channel_id: channelId, data, values: [], platform: 'whats', sub_count: 2 },
      });
      expect(sent.status, sent.text).toBe(200);
      return until(async () => {
        const answer = await server.call('GET', `/api/subscription/browse/${channelId}`, {
          token: bot.token,
        });
        const first = answer.json.notifications_pending[0];
        return first?.status === 'done'
          ? { first, failures: answer.json.failures, data: answer.json.data }
          : undefined;
      }, 'the send finishing');
    }

    beforeAll(async () => {
      fake = await startFakeWhatsapp();
      fake.addNumber(ACCESS_TOKEN, NUMBER);
      fake.approveTemplate('weekly_offer', 'en_US', 2);
      fake.approveTemplate('order_update', 'ar', 1);
      server = await startConversationServer(
        kind,
        {},
        { whatsappApiUrl: fake.url, fbAppSecret: APP_SECRET, outboundAllow: ['127.0.0.1'] },
        [
          createChannelsModule({
            runtime: { now: () => clock.now },
            delivery: { timeoutMs: 1500, random: () => 0 },
            noticePollMs: 50,
          }),
        ],
      );
      bot = await createBot(server);
      hook = `${server.url}/hooks/whatsapp/${encodeURIComponent(bot.botToken)}`;
      await addCommand(bot, {
        name: 'opening hours',
        examples: ['when do you open', 'opening hours', 'what time do you open', 'are you open now'],
        response: { resp_text: 'We open at nine.' },
      });
      await saveChatbot(bot, { apps: whatsappApps(fake.url) } as never);
    });
    afterAll(async () => {
      await server.close();
      await fake.close();
    });

    it('sends the channel’s template, filled from the notification, to a subscriber who wrote 25 hours ago', async () => {
      await writes('201005550001', 60_000, 't1');
      await writes('201005550002', DAY_MS + 60 * 60_000, 't2');
      const template = { name: 'weekly_offer', language: 'en_US', params: ['title', 'link'] };
      const channelId = await channelWith('Offers', template);
      const now = new Date().toISOString();
      for (const waId of ['201005550001', '201005550002'])
        await subscribeSender(
          server.database.db,
          { userId: bot.userId, platform: 'whatsapp', senderId: waId },
          [channelId],
          {},
          now,
        );

      const { first, failures, data } = await send(channelId, {
        type: 'text',
        title: 'Two for one\non every pizza',
        subtitle: 'Until Sunday',
        redirect_type: 'custom_link',
        redirect_link: 'https://shop.example.com/offers',
      });
      expect(data.whatsapp_template).toEqual(template);
      expect(first).toMatchObject({ total: 2, sent: 2, failed: 0 });
      expect(failures).toEqual([]);
      // within the window: the notification itself, as WhatsApp shows a card (its link in the text)
      const recent = sentTo('201005550001').at(-1) as { type: string; text: { body: string } };
      expect(recent.type).toBe('text');
      expect(recent.text.body).toContain('https://shop.example.com/offers');
      // outside it: the template alone, its parameters the title (its lines joined) and the link
      const late = sentTo('201005550002');
      expect(late.at(-1)).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '201005550002',
        type: 'template',
        template: {
          name: 'weekly_offer',
          language: { code: 'en_US' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Two for one · on every pizza' },
                { type: 'text', text: 'https://shop.example.com/offers' },
              ],
            },
          ],
        },
      });
      expect(late.filter((body) => body.type !== 'template')).toHaveLength(1); // only the answer it wrote for
    });

    it('fails a subscriber outside the window when the channel names no template, or one this notification cannot fill', async () => {
      await writes('201005550003', 60_000, 't3');
      await writes('201005550004', 2 * DAY_MS, 't4');
      const bare = await channelWith('News', null);
      const linked = await channelWith('Links', {
        name: 'weekly_offer',
        language: 'en_US',
        params: ['title', 'link'],
      });
      const now = new Date().toISOString();
      for (const waId of ['201005550003', '201005550004'])
        await subscribeSender(
          server.database.db,
          { userId: bot.userId, platform: 'whatsapp', senderId: waId },
          [bare, linked],
          {},
          now,
        );
      const before = sentTo('201005550004').length;

      const withoutTemplate = await send(bare, {
        type: 'text',
        title: 'We moved',
        redirect_type: 'web_wedgit',
      });
      expect(withoutTemplate.first).toMatchObject({ total: 2, sent: 1, failed: 1 });
      expect(withoutTemplate.failures).toEqual([
        expect.objectContaining({
          platform: 'whatsapp',
          sender_id: '201005550004',
          error:
            'More than 24 hours since this subscriber last wrote: WhatsApp takes only an approved template, and this channel names none',
        }),
      ]);
      // no link in this notification for the template's {{2}}
      const withoutLink = await send(linked, {
        type: 'text',
        title: 'We moved',
        redirect_type: 'web_wedgit',
      });
      expect(withoutLink.first).toMatchObject({ total: 2, sent: 1, failed: 1 });
      expect(withoutLink.failures[0]).toMatchObject({
        sender_id: '201005550004',
        error: 'The WhatsApp template needs a value this notification does not have',
      });
      expect(sentTo('201005550004')).toHaveLength(before);
      expect(
        sentTo('201005550003')
          .slice(-2)
          .map((body) => (body.text as { body: string }).body),
      ).toEqual(['We moved', 'We moved']);
    });

    it('refuses a template that is not WhatsApp’s name and language form, and keeps the channel as it was', async () => {
      const channelId = await channelWith('Kept', { name: 'weekly_offer', language: 'ar', params: [] });
      for (const [template, field] of [
        [{ name: 'Weekly Offer', language: 'en_US', params: [] }, 'whatsapp_template.name'],
        [{ name: 'weekly_offer', language: 'english', params: [] }, 'whatsapp_template.language'],
        [{ name: 'weekly_offer', language: 'en_US', params: ['price'] }, 'whatsapp_template.params.0'],
      ] as const) {
        const refused = await server.call('POST', `/api/subscription/save/${channelId}`, {
          token: bot.token,
          body: { sc_title: 'Changed', whatsapp_template: template },
        });
        expect(refused.status, refused.text).toBe(422);
        expect(Object.keys(refused.json.errors)).toContain(field);
      }
      const browsed = await server.call('GET', `/api/subscription/browse/${channelId}`, { token: bot.token });
      expect(browsed.json.data).toMatchObject({
        sc_title: 'Kept',
        whatsapp_template: { name: 'weekly_offer', language: 'ar', params: [] },
      });
      const cleared = await server.call('POST', `/api/subscription/save/${channelId}`, {
        token: bot.token,
        body: { sc_title: 'Kept' },
      });
      expect(cleared.status).toBe(200);
      const after = await server.call('GET', `/api/subscription/browse/${channelId}`, { token: bot.token });
      expect(after.json.data.whatsapp_template).toBeNull();
    });

    it('sends an order confirmation outside the window as the chatbot’s order template, and refuses other notices there with the reason', async () => {
      await writes('201005550005', 60_000, 't5');
      await writes('201005550006', DAY_MS + 5 * 60_000, 't6');
      const db = server.database.db;
      const notify = (waId: string, text: string, orderNumber?: string) =>
        insertNotice(
          db,
          { userId: bot.userId, platform: 'whatsapp', senderId: waId },
          { type: 'text', text },
          orderNumber === undefined ? null : { kind: 'order_confirmed', params: [orderNumber] },
        );
      const deliveriesOf = (waId: string) =>
        db
          .withTables<ChannelTables>()
          .selectFrom('deliveries')
          .selectAll()
          .where('sender_id', '=', waId)
          .where('purpose', '=', 'notice')
          .orderBy('id')
          .execute();
      const settled = (waId: string, count: number) =>
        until(async () => {
          const rows = await deliveriesOf(waId);
          return rows.length === count &&
            rows.every((row) => row.status !== 'pending' && row.status !== 'sending')
            ? rows
            : undefined;
        }, `${count} notices to ${waId} settled`);

      // no order template named yet: the confirmation cannot go, and says why
      await notify('201005550005', 'Your order WA-7 is confirmed.', 'WA-7');
      await notify('201005550006', 'Your order WA-8 is confirmed.', 'WA-8');
      await notify('201005550006', 'Hello, this is Sara from the shop.');
      const [noTemplate, handover] = await settled('201005550006', 2);
      expect(noTemplate).toMatchObject({
        status: 'refused',
        attempts: 1,
        last_error:
          'more than 24 hours since the customer last wrote, and the chatbot names no WhatsApp template for order confirmations (its WhatsApp settings)',
      });
      expect(handover).toMatchObject({
        status: 'refused',
        last_error:
          'more than 24 hours since the customer last wrote: WhatsApp takes only an approved template then',
      });
      // within the window the confirmation itself
      expect((await settled('201005550005', 1))[0]?.status).toBe('delivered');
      expect(sentTo('201005550005').at(-1)?.text).toEqual({
        body: 'Your order WA-7 is confirmed.',
        preview_url: false,
      });

      const apps = whatsappApps(fake.url);
      await saveChatbot(bot, {
        apps: {
          ...apps,
          whatsapp: {
            ...apps.whatsapp,
            chatbot_app_credentials: {
              ...apps.whatsapp.chatbot_app_credentials,
              order_template: 'order_update',
              order_template_lang: 'ar',
            },
          },
        },
      } as never);
      await notify('201005550006', 'Your order WA-9 is confirmed.', 'WA-9');
      expect((await settled('201005550006', 3))[2]?.status).toBe('delivered');
      expect(sentTo('201005550006').at(-1)).toMatchObject({
        type: 'template',
        template: {
          name: 'order_update',
          language: { code: 'ar' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'WA-9' }] }],
        },
      });
      expect(sentTo('201005550006').filter((body) => body.type !== 'template')).toHaveLength(1);
    });
  },
);
