import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

/**
 * A message is labelled with the language the customer wrote it in — on the dashboard, in the
 * conversations list and its filter, in the transcript — even when the bot has no commands in that language (an
 * Arabic-only bot reads an English message as Arabic: that stays its reading, not its label).
 */
describe.each(await testDatabaseKinds())('language labels on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  const get = async (path: string) => (await server.call('GET', `/api${path}`, { token: bot.token })).json;

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    await addCommand(bot, {
      name: 'مواعيد',
      lang: 'ar',
      examples: ['متى تفتحون', 'ما هي مواعيد العمل', 'هل انتم مفتوحون الان', 'مواعيد الفتح'],
      response: { resp_text: 'نفتح من التاسعة صباحا' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('says English for an English message to an Arabic-only bot, and Arabic for an Arabic one', async () => {
    server.clock.now = new Date();
    const english = newSender(bot);
    await english.say('hello, when do you open tomorrow?');
    await english.say('thanks a lot');
    const arabic = newSender(bot);
    await arabic.say('متى تفتحون');

    const englishKey = encodeURIComponent(`web:${english.senderId}`);
    const transcript = await get(`/conversations/${englishKey}/turns`);
    expect(transcript.data.map((turn: { lang: string }) => turn.lang)).toEqual(['en', 'en']);

    const list = await get('/conversations');
    const langOf = (senderId: number) =>
      list.data.find((row: { sender_key: string }) => row.sender_key === `web:${senderId}`)?.last_lang;
    expect(langOf(english.senderId)).toBe('en');
    expect(langOf(arabic.senderId)).toBe('ar');
    const filtered = await get('/conversations?lang=en');
    expect(filtered.data.map((row: { sender_key: string }) => row.sender_key)).toEqual([
      `web:${english.senderId}`,
    ]);

    const traffic = await get('/user/traffic?period=day');
    const byLang: Record<string, number> = {};
    for (const bucket of traffic.data.buckets as { by_lang: Record<string, number> }[]) {
      for (const [lang, count] of Object.entries(bucket.by_lang)) byLang[lang] = (byLang[lang] ?? 0) + count;
    }
    expect(byLang).toEqual({ en: 2, ar: 1 });
  });
});
