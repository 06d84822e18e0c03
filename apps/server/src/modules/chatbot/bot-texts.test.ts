import { chatbotMessages, defaultChatbotSettings } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  saveChatbot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

/** The owner words Hiwar's own texts in the chatbot settings, per language. */
describe.each(await testDatabaseKinds())('the owner’s wording of the bot’s own texts on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  const post = (path: string, body?: unknown) =>
    server.call('POST', `/api${path}`, { token: bot.token, ...(body !== undefined && { body }) });
  const notices = async (senderId: number) =>
    (await server.call('GET', `/widget/api/${bot.botToken}/notices?sender_id=${senderId}`)).json.data.map(
      (notice: { message: { text?: string } }) => notice.message.text,
    );

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    const support = await post('/user/update_settings', {
      mode: 3,
      cs_status: 1,
      cs_username: 'agent',
      cs_email: 'agent@example.com',
      cs_password: 'support-secret',
      cs_timeout_minutes: 10,
    });
    expect(support.status).toBe(200);
    await addCommand(bot, {
      name: 'book a table',
      examples: ['book a table', 'I want to book a table', 'reserve a table please'],
      variables: [
        { var_name: 'people', var_type: 'regex', var_val_regex: '\\d+', var_prompt: 'How many people?' },
      ],
      response: { resp_text: 'Booked for {{people}}.' },
    });
    await addCommand(bot, {
      name: 'حجز',
      lang: 'ar',
      examples: ['أريد حجز طاولة', 'احجز لي طاولة', 'حجز طاولة من فضلك'],
      variables: [
        { var_name: 'people', var_type: 'regex', var_val_regex: '\\d+', var_prompt: 'كم عدد الأشخاص؟' },
      ],
      response: { resp_text: 'تم الحجز.' },
    });
    await saveChatbot(bot, {
      chatbot_texts: {
        questionEnded: { en: 'Fine, forget the table. Anything else?', de: '' },
        handoffConnected: { en: 'Hold on, Mona is coming.' },
        handoffReleased: { ar: 'عدت إلى البوت الآن.' },
      },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps the wording, dropping empty versions', async () => {
    const { data } = (await server.call('GET', '/api/chatbot/browse', { token: bot.token })).json;
    expect(data.chatbot_texts).toEqual({
      questionEnded: { en: 'Fine, forget the table. Anything else?' },
      handoffConnected: { en: 'Hold on, Mona is coming.' },
      handoffReleased: { ar: 'عدت إلى البوت الآن.' },
    });
  });

  it('says the owner’s wording in the language it was written for and the default in the others', async () => {
    const english = newSender(bot);
    expect(await english.say('book a table')).toEqual([{ type: 'text', text: 'How many people?' }]);
    expect(await english.say('cancel')).toEqual([
      { type: 'text', text: 'Fine, forget the table. Anything else?' },
    ]);

    const arabic = newSender(bot);
    expect(await arabic.say('أريد حجز طاولة')).toEqual([{ type: 'text', text: 'كم عدد الأشخاص؟' }]);
    expect(await arabic.say('إلغاء')).toEqual([
      { type: 'text', text: 'حسناً، توقفت عن السؤال. كيف يمكنني مساعدتك؟' },
    ]);
  });

  it('words what is said outside a turn too: the owner giving a conversation back', async () => {
    const arabic = newSender(bot);
    await arabic.say('احجز لي طاولة');
    expect(await arabic.press('cs_connect')).toEqual([
      { type: 'text', text: 'سيرد عليك أحد أفراد فريقنا هنا قريبًا.' },
    ]);
    const released = await post(`/conversations/${encodeURIComponent(`web:${arabic.senderId}`)}/release`);
    expect(released.status).toBe(200);
    expect(await notices(arabic.senderId)).toEqual(['عدت إلى البوت الآن.']);

    const english = newSender(bot);
    await english.say('book a table');
    expect(await english.press('cs_connect')).toEqual([{ type: 'text', text: 'Hold on, Mona is coming.' }]);
  });

  it('refuses a placeholder the text does not have and a text that does not exist, saving nothing', async () => {
    const save = (chatbot_texts: unknown) =>
      post('/chatbot/save', { ...defaultChatbotSettings(), chatbot_texts });
    const wrongPlaceholder = await save({ added: { en: '{dish} × {quantity} added' } });
    expect(wrongPlaceholder.status).toBe(422);
    expect(wrongPlaceholder.json.errors).toEqual({
      'chatbot_texts.added.en': [chatbotMessages.botTextPlaceholders],
    });
    const noPlaceholders = await save({ emptyCart: { de: 'Leer, {name}.' } });
    expect(noPlaceholders.json.errors).toEqual({
      'chatbot_texts.emptyCart.de': [chatbotMessages.botTextNoPlaceholders],
    });
    const unknown = await save({ goodbye: { en: 'Bye' } });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toEqual({ 'chatbot_texts.goodbye': [chatbotMessages.botTextUnknown] });
    const tooLong = await save({ emptied: { en: 'x'.repeat(641) } });
    expect(tooLong.status).toBe(422);

    const { data } = (await server.call('GET', '/api/chatbot/browse', { token: bot.token })).json;
    expect(Object.keys(data.chatbot_texts).sort()).toEqual([
      'handoffConnected',
      'handoffReleased',
      'questionEnded',
    ]);
  });
});
