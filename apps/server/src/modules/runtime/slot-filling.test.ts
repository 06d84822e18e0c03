import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from './conversation-testing.ts';

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
