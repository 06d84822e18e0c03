import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversationServer,
  createBot,
  startConversationServer,
} from '../testing/conversation-server.ts';
import { testDatabaseKinds } from '../testing/test-databases.ts';

describe('the chatbot screen’s instruction links', () => {
  let server: ConversationServer;
  let links: { userId: number; chatbotId: number; token: string };

  beforeAll(async () => {
    const [kind] = await testDatabaseKinds();
    if (!kind) throw new Error('no test database');
    server = await startConversationServer(kind);
    const bot = await createBot(server);
    const browsed = await server.call('GET', '/api/chatbot/browse', { token: bot.token });
    links = {
      userId: browsed.json.chatbot_user_id,
      chatbotId: browsed.json.data.chatbot_id,
      token: encodeURIComponent(browsed.json.user_token),
    };
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers every channel’s authorise and broadcast link with its status page, none with 404', async () => {
    for (const [driver, label] of [
      ['telegram', 'Telegram'],
      ['whatsapp', 'WhatsApp'],
      ['hangouts', 'Google Chat'],
    ]) {
      const authorize = await server.call(
        'GET',
        `/authorize/${driver}/${links.userId}/${links.chatbotId}?token=${links.token}`,
      );
      expect(authorize.status, driver).toBe(200);
      expect(authorize.text).toContain(label);
      // switched off on a new chatbot
      expect(authorize.text).toContain('Inactive');
      const broadcast = await server.call(
        'GET',
        `/broadcast/${driver}/${links.chatbotId}?token=${links.token}`,
      );
      expect(broadcast.status, driver).toBe(200);
      expect(broadcast.text).toContain('Subscriptions screen');
    }
    const facebook = await server.call('GET', `/broadcast/fb/${links.chatbotId}?token=${links.token}`);
    expect(facebook.status).toBe(200);
    expect(facebook.text).toContain('Facebook Messenger');
  });

  it('sends Facebook’s authorise link to its page login, and refuses another chatbot’s ids or token', async () => {
    const response = await fetch(
      `${server.url}/authorize/fb/${links.userId}/${links.chatbotId}?token=${links.token}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/authorize/fb/${links.userId}?token=${links.token}`);
    const wrongToken = await server.call(
      'GET',
      `/authorize/whatsapp/${links.userId}/${links.chatbotId}?token=nope`,
    );
    expect(wrongToken.status).toBe(404);
    const wrongIds = await server.call(
      'GET',
      `/broadcast/hangouts/${links.chatbotId + 1}?token=${links.token}`,
    );
    expect(wrongIds.status).toBe(404);
    const unknownDriver = await server.call(
      'GET',
      `/broadcast/myspace/${links.chatbotId}?token=${links.token}`,
    );
    expect(unknownDriver.status).toBe(404);
  });
});
