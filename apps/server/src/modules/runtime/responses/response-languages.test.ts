import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../../testing/test-databases.ts';

// A greeting with English and Arabic examples answered "السلام عليكم" in English.
describe.each(await testDatabaseKinds())('replies in the sender’s language on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    const { id } = await addCommand(bot, {
      name: 'greet',
      examples: ['hello', 'hi there', 'good morning', 'hey, how are you'],
      response: {
        resp_type: 'static_cards',
        resp_text: 'Hello! Welcome.',
        resp_text_langs: { ar: 'أهلاً بك! مرحباً.', de: 'Hallo! Willkommen.' },
        resp_static_cards_resp_struct: [
          {
            title_default_value: 'Our menu',
            title_langs: { ar: 'قائمتنا' },
            subtitle_default_value: 'Fresh every day',
            media_default_value: 'https://example.com/menu.png',
          },
        ],
      },
    });
    await addArabicExamples(id, ['السلام عليكم', 'مرحبا', 'أهلا وسهلا', 'صباح الخير']);
    const hours = await addCommand(bot, {
      name: 'hours',
      examples: ['when are you open', 'opening hours', 'what time do you close', 'are you open today'],
      response: {
        resp_type: 'api',
        resp_api_url: 'http://127.0.0.1:9/never',
        resp_fallback_msg: 'Our hours are not available right now.',
        resp_fallback_msg_langs: { ar: 'المواعيد غير متاحة الآن.' },
      },
    });
    await addArabicExamples(hours.id, [
      'متى تفتحون',
      'ما هي مواعيد العمل',
      'متى تغلقون',
      'هل أنتم مفتوحون اليوم',
    ]);
  });

  // saved as the console and most API clients save them, without a language: the text says it is Arabic,
  // although both commands are English
  async function addArabicExamples(commandId: number, texts: string[]) {
    for (const text of texts) {
      const body = { example_command_id: commandId, example_text: text, example_vars: [] };
      const saved = await server.call('POST', '/api/command_example/save_example', {
        token: bot.token,
        body,
      });
      expect(saved.status).toBe(200);
    }
  }
  afterAll(async () => server?.close());

  it('answers an Arabic greeting in Arabic, an English one in English', async () => {
    const arabic = await newSender(bot).say('السلام عليكم');
    expect(arabic).toEqual([
      { type: 'text', text: 'أهلاً بك! مرحباً.' },
      {
        type: 'cards',
        cards: [
          expect.objectContaining({
            title: 'قائمتنا',
            subtitle: 'Fresh every day',
            media: 'https://example.com/menu.png',
          }),
        ],
      },
    ]);
    const english = await newSender(bot).say('hello');
    expect(english[0]).toEqual({ type: 'text', text: 'Hello! Welcome.' });
    expect(english[1]).toEqual({ type: 'cards', cards: [expect.objectContaining({ title: 'Our menu' })] });
  });

  it('answers the response’s fallback message in the sender’s language', async () => {
    expect(await newSender(bot).say('when are you open')).toEqual([
      { type: 'text', text: 'Our hours are not available right now.' },
    ]);
    expect(await newSender(bot).say('متى تفتحون')).toEqual([
      { type: 'text', text: 'المواعيد غير متاحة الآن.' },
    ]);
  });
});
