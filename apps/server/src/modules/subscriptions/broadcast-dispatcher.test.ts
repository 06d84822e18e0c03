import type { BotMessage } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { until } from '../../testing/until.ts';
import { type Recipient, RetryLater, setPlatformSender } from './platform-senders.ts';
import { subscribeSender, unsubscribeSender } from './subscriber-repository.ts';

interface Delivery {
  senderId: string;
  message: BotMessage;
  at: number;
}

describe.each(await testDatabaseKinds())('broadcasts to a throttled platform on $label', (kind) => {
  let server: TestServer;
  const deliveries: Delivery[] = [];
  const attempts = new Map<string, number>();

  beforeAll(async () => {
    server = await startTestServer(kind, { broadcastRates: { telegram: 50, telegram_chat: 2 } });
    // a faithful enough Telegram: one chat answers 429 once, one is gone (403)
    setPlatformSender(server.database.db, 'telegram', async (recipient: Recipient, message: BotMessage) => {
      const tries = (attempts.get(recipient.senderId) ?? 0) + 1;
      attempts.set(recipient.senderId, tries);
      if (recipient.senderId === 'busy' && tries === 1) throw new RetryLater(300);
      if (recipient.senderId === 'gone') throw new Error('Forbidden: bot was blocked by the user (403)');
      deliveries.push({ senderId: recipient.senderId, message, at: Date.now() });
    });
  });
  afterAll(async () => {
    setPlatformSender(server.database.db, 'telegram', null);
    await server.close();
  });

  it('sends each recipient once within the per-chat rate, retries after a 429, records failures and skips who left', async () => {
    const owner = await registerAndLogin(server);
    const saved = await server.call('POST', '/api/subscription/save/0', {
      token: owner.token,
      body: { sc_title: 'Offers' },
    });
    const channelId: number = saved.json.id;
    const now = new Date().toISOString();
    const join = (platform: string, senderId: string) =>
      subscribeSender(server.database.db, { userId: owner.userId, platform, senderId }, [channelId], {}, now);
    for (const senderId of ['ok', 'busy', 'gone', 'leaver']) await join('telegram', senderId);
    await join('whatsapp', 'w1');

    const sent = await server.call('POST', '/api/subscription/send_to_subscribers', {
      token: owner.token,
      body: {
        channel_id: channelId,
        data: {
          type: 'image',
          title: 'Two for one',
          media: 'https://cdn.example.com/offer.png',
          redirect_type: 'web_wedgit',
        },
        values: [],
        platform: null,
        sub_count: 5,
      },
    });
    expect(sent.json.count).toBe(5);
    // queued before they left: never sent to
    await unsubscribeSender(
      server.database.db,
      { userId: owner.userId, platform: 'telegram', senderId: 'leaver' },
      now,
    );

    const progress = await until(async () => {
      const answer = await server.call('GET', `/api/subscription/browse/${channelId}`, {
        token: owner.token,
      });
      const first = answer.json.notifications_pending[0];
      return first?.status === 'done' ? { first, failures: answer.json.failures } : undefined;
    }, 'the send finishing');
    expect(progress.first).toMatchObject({ total: 5, sent: 2, failed: 2, skipped: 1, pending: 0 });
    expect(progress.failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          platform: 'telegram',
          sender_id: 'gone',
          error: 'Forbidden: bot was blocked by the user (403)',
        }),
        expect.objectContaining({
          platform: 'whatsapp',
          sender_id: 'w1',
          error: 'the whatsapp channel is switched off',
        }),
      ]),
    );

    const expected = [
      { type: 'image', url: 'https://cdn.example.com/offer.png' },
      { type: 'text', text: 'Two for one' },
    ];
    const to = (senderId: string) => deliveries.filter((delivery) => delivery.senderId === senderId);
    expect(to('ok').map((delivery) => delivery.message)).toEqual(expected);
    // the 429 came before anything reached the chat: tried again later, delivered once
    expect(to('busy').map((delivery) => delivery.message)).toEqual(expected);
    expect(attempts.get('busy')).toBe(3);
    expect(to('gone')).toEqual([]);
    expect(to('leaver')).toEqual([]);
    expect(attempts.has('leaver')).toBe(false);
    // two messages a second to one chat: the second waited for its token
    const [first, second] = to('ok');
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(400);
  });
});
