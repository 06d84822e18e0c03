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

const GIBBERISH = 'xqzv wplk';

describe.each(await testDatabaseKinds())('fallbacks on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let helpId: number;
  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    helpId = (
      await addCommand(bot, {
        name: 'help',
        examples: ['help me', 'i need help', 'what can you do', 'show me the options'],
        response: { resp_text: 'I can book rooms.' },
      })
    ).id;
    await addCommand(bot, {
      name: 'book room',
      examples: ['book a room', 'reserve a hotel room', 'i want a room for tonight', 'room booking'],
      variables: [
        {
          var_name: 'size',
          var_type: 'list',
          var_val_list: ['single', 'double', 'suite'],
          var_prompt: 'Which room?',
          var_fallback_type: 'options',
          var_fallback_msg: 'Please pick one:',
          var_fallback_options: [
            { label: 'Single', val: 'single' },
            { label: 'Double', val: 'double' },
          ],
        },
      ],
      response: { resp_text: 'A {{size}} room is booked.' },
    });
    await addCommand(bot, {
      name: 'pay',
      examples: ['pay my bill', 'i want to pay', 'payment please', 'settle the invoice'],
      variables: [
        {
          var_name: 'card',
          var_type: 'regex',
          var_val_regex: '^\\d{4}$',
          var_prompt: 'Last four digits of the card?',
          var_fallback_type: 'redir',
          var_fallback_redirect_command_id: helpId,
        },
      ],
      response: { resp_text: 'Paid with {{card}}.' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('offers a variable’s fallback options as quick replies, and a chosen option answers it', async () => {
    const sender = newSender(bot);
    expect(await sender.say('book a room')).toEqual([{ type: 'text', text: 'Which room?' }]);
    expect(await sender.say('a castle')).toEqual([
      {
        type: 'quick_replies',
        text: 'Please pick one:',
        replies: [
          { label: 'Single', payload: 'single' },
          { label: 'Double', payload: 'double' },
        ],
      },
    ]);
    expect(await sender.press('double')).toEqual([{ type: 'text', text: 'A double room is booked.' }]);
  });

  it('redirects to the fallback command on an invalid value', async () => {
    const sender = newSender(bot);
    expect(await sender.say('pay my bill')).toEqual([
      { type: 'text', text: 'Last four digits of the card?' },
    ]);
    expect(await sender.say('no idea')).toEqual([{ type: 'text', text: 'I can book rooms.' }]);
    // the redirect ended the payment: the next message is understood afresh
    expect(await sender.say('pay my bill')).toEqual([
      { type: 'text', text: 'Last four digits of the card?' },
    ]);
    expect(await sender.say('4242')).toEqual([{ type: 'text', text: 'Paid with 4242.' }]);
  });

  it('answers the chatbot’s text fallback below the threshold', async () => {
    await saveChatbot(bot, { chatbot_fallback_type: 'text', chatbot_fallback_msg: 'Sorry?' });
    expect(await newSender(bot).say(GIBBERISH)).toEqual([{ type: 'text', text: 'Sorry?' }]);
  });

  it('offers the chatbot’s fallback options as quick replies; a command option starts it', async () => {
    await saveChatbot(bot, {
      chatbot_fallback_type: 'options',
      chatbot_fallback_msg: 'Try one of these:',
      chatbot_fallback_options: [
        { label: 'Help', val: commandPayload(helpId) },
        { label: 'Rooms', val: 'book a room' },
      ],
    });
    const sender = newSender(bot);
    expect(await sender.say(GIBBERISH)).toEqual([
      {
        type: 'quick_replies',
        text: 'Try one of these:',
        replies: [
          { label: 'Help', payload: `cmd:${helpId}` },
          { label: 'Rooms', payload: 'book a room' },
        ],
      },
    ]);
    expect(await sender.press(`cmd:${helpId}`)).toEqual([{ type: 'text', text: 'I can book rooms.' }]);
    expect(await sender.press('book a room')).toEqual([{ type: 'text', text: 'Which room?' }]);
  });

  it('runs the chatbot’s fallback command', async () => {
    await saveChatbot(bot, { chatbot_fallback_type: 'cmd', chatbot_fallback_command_id: helpId });
    expect(await newSender(bot).say(GIBBERISH)).toEqual([{ type: 'text', text: 'I can book rooms.' }]);
  });
});

describe.each(await testDatabaseKinds())(
  'the chatbot’s fallback in the sender’s language on $label',
  (kind) => {
    let server: ConversationServer;
    let bot: TestBot;
    beforeAll(async () => {
      server = await startConversationServer(kind);
      bot = await createBot(server);
      await addCommand(bot, {
        name: 'hours',
        examples: ['when are you open', 'opening hours', 'what time do you close', 'are you open today'],
        response: { resp_text: 'We open at nine.' },
      });
      await addCommand(bot, {
        name: 'hours ar',
        lang: 'ar',
        examples: ['متى تفتحون', 'ما هي مواعيد العمل', 'متى تغلقون', 'هل أنتم مفتوحون اليوم'],
        response: { resp_text: 'نفتح الساعة التاسعة.' },
      });
      await saveChatbot(bot, {
        chatbot_fallback_type: 'options',
        chatbot_fallback_msg: 'Sorry, try one of these:',
        chatbot_fallback_msg_langs: { ar: 'عذراً، جرّب أحد هذه:' },
        chatbot_fallback_options: [
          { label: 'Opening hours', label_langs: { ar: 'مواعيد العمل' }, val: 'opening hours' },
        ],
      });
    });
    afterAll(async () => server?.close());

    it('answers an Arabic message in Arabic and an English one as written', async () => {
      expect(await newSender(bot).say('ظظظ ثثث غغغ')).toEqual([
        {
          type: 'quick_replies',
          text: 'عذراً، جرّب أحد هذه:',
          replies: [{ label: 'مواعيد العمل', payload: 'opening hours' }],
        },
      ]);
      expect(await newSender(bot).say('xqzv wplk blorf')).toEqual([
        {
          type: 'quick_replies',
          text: 'Sorry, try one of these:',
          replies: [{ label: 'Opening hours', payload: 'opening hours' }],
        },
      ]);
    });

    it('keeps the versions when the settings are read back', async () => {
      const browsed = await server.call('GET', '/api/chatbot/browse', { token: bot.token });
      expect(browsed.json.data.chatbot_fallback_msg_langs).toEqual({ ar: 'عذراً، جرّب أحد هذه:' });
      expect(browsed.json.data.chatbot_fallback_options[0].label_langs).toEqual({ ar: 'مواعيد العمل' });
    });
  },
);
