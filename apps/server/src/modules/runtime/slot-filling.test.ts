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

describe.each(await testDatabaseKinds())('slot filling on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    await addCommand(bot, {
      name: 'order tracking',
      examples: ['track my order', 'where is my order', 'order status please', 'track a parcel'],
      variables: [
        {
          var_name: 'order_no',
          var_type: 'regex',
          var_val_regex: '\\b\\d{6}\\b',
          var_prompt: 'What is your order number?',
          var_fallback_type: 'text',
          var_fallback_msg: 'An order number has six digits.',
        },
        { var_name: 'email', var_type: 'component', entity_name: 'email', var_prompt: 'Your e-mail?' },
      ],
      response: { resp_text: 'Order {{order_no}} for {{email}} is on its way, {{platform}} user {{id}}.' },
    });
    await addCommand(bot, {
      name: 'opening hours',
      examples: ['when are you open', 'opening hours', 'what time do you close', 'are you open today'],
      response: { resp_text: 'We open at 9.' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('prompts in var_order, re-prompts after an invalid regex value and answers with the values', async () => {
    const sender = newSender(bot);
    expect(await sender.say('track my order')).toEqual([
      { type: 'text', text: 'What is your order number?' },
    ]);
    expect(await sender.say('it is 12ab')).toEqual([
      { type: 'text', text: 'An order number has six digits.' },
      { type: 'text', text: 'What is your order number?' },
    ]);
    expect(await sender.say('123456')).toEqual([{ type: 'text', text: 'Your e-mail?' }]);
    expect(await sender.say('me@example.com')).toEqual([
      {
        type: 'text',
        text: `Order 123456 for me@example.com is on its way, web user ${sender.senderId}.`,
      },
    ]);
  });

  it('takes values the first message already holds', async () => {
    const sender = newSender(bot);
    expect(await sender.say('track my order 654321')).toEqual([{ type: 'text', text: 'Your e-mail?' }]);
  });

  it('abandons the command in progress for a strong match to another command', async () => {
    const sender = newSender(bot);
    await sender.say('track my order');
    expect(await sender.say('when are you open')).toEqual([{ type: 'text', text: 'We open at 9.' }]);
    // the order is forgotten: a plain number is not understood any more
    expect(await sender.say('track my order')).toEqual([
      { type: 'text', text: 'What is your order number?' },
    ]);
  });
});

// a customer can always get out of a question
describe.each(await testDatabaseKinds())('getting out of a question on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  const gaveUp = 'Sorry, I could not understand your answer, so I stopped asking.';
  /** The note the slot-filling step left on the sender's newest turn. */
  const lastNote = async (senderId: number) => {
    const turns = await server.call(
      'GET',
      `/api/conversations/${encodeURIComponent(`web:${senderId}`)}/turns`,
      {
        token: bot.token,
      },
    );
    const trace = turns.json.data.at(-1).trace as { step: string; note: string }[];
    return trace.find((step) => step.step === 'slot-filling')?.note ?? '';
  };

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    await addCommand(bot, {
      name: 'add to cart',
      examples: ['add to cart', 'I want to order', 'put it in my cart', 'order food'],
      variables: [
        {
          var_name: 'dish',
          var_type: 'list',
          var_val_list: ['pizza', 'pasta', 'stop'],
          var_prompt: 'Which dish would you like?',
          var_fallback_type: 'text',
          var_fallback_msg: 'There is no such dish on the menu.',
        },
      ],
      response: { resp_text: 'One {{dish}} added.' },
    });
    await addCommand(bot, {
      name: 'payment',
      examples: ['can I pay with a credit card', 'do you take cards', 'payment methods', 'can I pay cash'],
      response: { resp_text: 'We take cash and cards.' },
    });
    await addCommand(bot, {
      name: 'حجز',
      lang: 'ar',
      examples: ['أريد حجز طاولة', 'احجز لي طاولة', 'حجز طاولة من فضلك', 'ابغى احجز'],
      variables: [
        {
          var_name: 'people',
          var_type: 'regex',
          var_val_regex: '\\d+',
          var_prompt: 'كم عدد الأشخاص؟',
          var_max_tries: 1,
        },
      ],
      response: { resp_text: 'تم الحجز لـ {{people}}.' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('ends the question when the customer says cancel, in their language, and the bot is free again', async () => {
    const sender = newSender(bot);
    expect(await sender.say('add to cart')).toEqual([{ type: 'text', text: 'Which dish would you like?' }]);
    expect(await sender.say('Cancel!')).toEqual([
      { type: 'text', text: 'OK, I stopped asking. What else can I do for you?' },
    ]);
    expect(await lastNote(sender.senderId)).toBe(
      'ends the question of add to cart: the sender said “cancel”',
    );
    expect(await sender.say('can I pay with a credit card')).toEqual([
      { type: 'text', text: 'We take cash and cards.' },
    ]);

    const arabic = newSender(bot);
    expect(await arabic.say('أريد حجز طاولة')).toEqual([{ type: 'text', text: 'كم عدد الأشخاص؟' }]);
    expect(await arabic.say('خلاص')).toEqual([
      { type: 'text', text: 'حسناً، توقفت عن السؤال. كيف يمكنني مساعدتك؟' },
    ]);
  });

  it('says its own words in the language the sender writes, when the bot has no commands in it', async () => {
    const arabicBot = await createBot(server);
    const booking = await addCommand(arabicBot, {
      name: 'حجز',
      lang: 'ar',
      examples: ['أريد حجز طاولة', 'احجز لي طاولة'],
      variables: [
        { var_name: 'people', var_type: 'regex', var_val_regex: '\\d+', var_prompt: 'كم عدد الأشخاص؟' },
      ],
      response: { resp_text: 'تم الحجز.' },
    });
    const sender = newSender(arabicBot);
    expect(await sender.press(`cmd:${booking.id}`)).toEqual([{ type: 'text', text: 'كم عدد الأشخاص؟' }]);
    expect(await sender.say('cancel')).toEqual([
      { type: 'text', text: 'OK, I stopped asking. What else can I do for you?' },
    ]);
  });

  it('takes the owner’s own exit words, and a list value that reads like one is an answer', async () => {
    await saveChatbot(bot, { chatbot_exit_words: ['basta'] });
    const sender = newSender(bot);
    await sender.say('add to cart');
    expect(await sender.say('stop')).toEqual([{ type: 'text', text: 'One stop added.' }]);
    await sender.say('add to cart');
    expect(await sender.say('basta')).toEqual([
      { type: 'text', text: 'OK, I stopped asking. What else can I do for you?' },
    ]);
  });

  it('leaves the question for a message that clearly belongs to another command', async () => {
    const sender = newSender(bot);
    await sender.say('add to cart');
    expect(await sender.say('can I pay with a credit card')).toEqual([
      { type: 'text', text: 'We take cash and cards.' },
    ]);
    expect(await lastNote(sender.senderId)).toMatch(/^leaves the question of add to cart for command \d+$/);
  });

  it('stops asking after the variable’s tries, says so and answers with the fallback', async () => {
    const sender = newSender(bot);
    await sender.say('add to cart');
    expect(await sender.say('sushi')).toEqual([
      { type: 'text', text: 'There is no such dish on the menu.' },
      { type: 'text', text: 'Which dish would you like?' },
    ]);
    await sender.say('burgers');
    expect(await sender.say('a salad')).toEqual([
      { type: 'text', text: gaveUp },
      { type: 'text', text: "Sorry, I didn't understand that." },
    ]);
    expect(await lastNote(sender.senderId)).toBe('stops asking for dish after 3 tries; fallback text');
    // free again: "pizza" alone is no question's answer now
    expect(await sender.say('can I pay cash')).toEqual([{ type: 'text', text: 'We take cash and cards.' }]);

    // a variable of one try gives up at the first wrong answer, in Arabic
    const arabic = newSender(bot);
    await arabic.say('احجز لي طاولة');
    expect(await arabic.say('لا أعرف')).toEqual([
      { type: 'text', text: 'عذراً، لم أفهم إجابتك، لذا توقفت عن السؤال.' },
      expect.objectContaining({ type: 'text' }),
    ]);
  });
});
