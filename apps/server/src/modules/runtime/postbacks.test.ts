import { commandPayload } from '@hiwar/contracts';
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

describe.each(await testDatabaseKinds())('postbacks on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let menuId: number;
  let welcomeId: number;
  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    welcomeId = (
      await addCommand(bot, {
        name: 'welcome',
        lang: 'ar',
        examples: ['مساعدة', 'ابدأ', 'مرحبا', 'أهلا'],
        response: {
          resp_text: 'أهلا {{full_name}}! كيف أساعدك؟',
          resp_quick_reply: [{ label: 'Menu', value: '', command_id: null }],
        },
      })
    ).id;
    menuId = (
      await addCommand(bot, {
        name: 'menu',
        examples: ['show the menu', 'what do you serve', 'food list', 'menu please'],
        response: {
          resp_type: 'static_cards',
          resp_static_cards_resp_struct: [
            {
              title_default_value: 'Pizza',
              subtitle_default_value: '9 €',
              media_default_value: 'https://example.com/pizza.png',
              buttons: [
                { item_label_default_value: 'Order', item_value_default_value: commandPayload(welcomeId) },
                { item_label_default_value: 'Photos', item_value_default_value: 'https://example.com/p' },
              ],
            },
          ],
        },
      })
    ).id;
    await saveChatbot(bot, {
      chatbot_start_button_status: 1,
      chatbot_start_button_label: 'ابدأ',
      chatbot_start_button_postback: 'مساعدة',
      chatbot_persistent_menus: [
        {
          locale: 'default',
          composer_input_disabled: false,
          call_to_actions: [
            {
              title: 'Menu',
              type: 'postback',
              emoji: '',
              payload: commandPayload(menuId),
              url: '',
              webview_height_ratio: 'full',
              call_to_actions: [],
            },
          ],
        },
      ],
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the start button’s postback text like the words it holds', async () => {
    const settings = await server.call('GET', `/widget/api/${bot.botToken}/settings`);
    const { payload } = settings.json.data.start_button;
    expect(payload).toBe('مساعدة');
    expect(await newSender(bot).press(payload)).toEqual([
      { type: 'quick_replies', text: 'أهلا ! كيف أساعدك؟', replies: [{ label: 'Menu', payload: 'Menu' }] },
    ]);
  });

  it('starts the command whose exact name a start button postback holds', async () => {
    const sender = newSender(bot);
    expect(await sender.press('Welcome')).toEqual([
      { type: 'quick_replies', text: 'أهلا ! كيف أساعدك؟', replies: [{ label: 'Menu', payload: 'Menu' }] },
    ]);
  });

  it('starts the command a persistent-menu postback names, with cards and their buttons', async () => {
    const settings = await server.call('GET', `/widget/api/${bot.botToken}/settings`);
    const item = settings.json.data.persistent_menus[0].call_to_actions[0];
    expect(await newSender(bot).press(item.payload)).toEqual([
      {
        type: 'cards',
        cards: [
          {
            title: 'Pizza',
            subtitle: '9 €',
            media: 'https://example.com/pizza.png',
            buttons: [
              { label: 'Order', type: 'postback', value: `cmd:${welcomeId}` },
              { label: 'Photos', type: 'url', value: 'https://example.com/p' },
            ],
          },
        ],
      },
    ]);
  });

  it('understands a payload that names no command as text, and ignores a foreign command id', async () => {
    const sender = newSender(bot);
    expect((await sender.press('menu please'))[0]?.type).toBe('cards');
    const other = await createBot(server);
    const foreign = await addCommand(other, {
      name: 'secret',
      examples: ['secret'],
      response: { resp_text: 'x' },
    });
    const replies = await sender.press(commandPayload(foreign.id));
    expect(replies).not.toContainEqual({ type: 'text', text: 'x' });
  });
});
