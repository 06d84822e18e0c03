import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  saveAdvertises,
  saveChatbot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

describe.each(await testDatabaseKinds())('responses and advertises on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  let greetId: number;
  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    greetId = (
      await addCommand(bot, {
        name: 'greet',
        examples: ['hello there', 'hi bot', 'good morning', 'hey'],
        variables: [{ var_name: 'nick', var_type: 'text', var_val_text: 'x', var_prompt: 'Your nickname?' }],
        response: {
          resp_text:
            'Hi {{nick}} ({{id}} on {{platform}}, {{username}}{{full_name}}), you said "{{message}}". {{unknown}}',
        },
      })
    ).id;
    await addCommand(bot, {
      name: 'branches',
      examples: ['where are your branches', 'branch locations', 'nearest shop', 'find a store'],
      response: {
        resp_type: 'location',
        resp_text: 'Our shops:',
        resp_location_resp_struct: [{ title: 'Downtown', lat: 30.04, lng: 31.24 }],
      },
    });
    await addCommand(bot, {
      name: 'logo',
      examples: ['show your logo', 'logo picture', 'brand image', 'what does your logo look like'],
      response: { resp_text: 'https://example.com/logo.png' },
    });
    await addCommand(bot, {
      name: 'prices',
      examples: ['current prices', 'price list', 'how much does it cost', 'pricing info'],
      response: {
        resp_type: 'api',
        resp_api_url: 'https://example.com/api',
        resp_fallback_msg: 'Prices are offline.',
      },
    });
    await addCommand(bot, {
      name: 'stock',
      examples: ['stock levels', 'is it in stock', 'inventory check', 'available items'],
      response: { resp_type: 'api', resp_api_url: 'https://example.com/api' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('fills {{var}} and the sender variables, leaving unknown names as written', async () => {
    const sender = newSender(bot);
    expect(await sender.say('hello there')).toEqual([{ type: 'text', text: 'Your nickname?' }]);
    expect(await sender.say('Sam')).toEqual([
      { type: 'text', text: `Hi Sam (${sender.senderId} on web, ), you said "hello there". {{unknown}}` },
    ]);
  });

  it('answers locations after their text, and a bare image address as an image', async () => {
    const sender = newSender(bot);
    expect(await sender.say('where are your branches')).toEqual([
      { type: 'text', text: 'Our shops:' },
      { type: 'location', locations: [{ title: 'Downtown', lat: 30.04, lng: 31.24 }] },
    ]);
    expect(await sender.say('show your logo')).toEqual([
      { type: 'image', url: 'https://example.com/logo.png' },
    ]);
  });

  it('answers a response type not executed yet with the command fallback, else the chatbot’s', async () => {
    await saveChatbot(bot, { chatbot_fallback_type: 'text', chatbot_fallback_msg: 'Not now.' });
    const sender = newSender(bot);
    expect(await sender.say('current prices')).toEqual([{ type: 'text', text: 'Prices are offline.' }]);
    expect(await sender.say('stock levels')).toEqual([{ type: 'text', text: 'Not now.' }]);
  });

  it('appends each active advertise, and random ones by their ratio', async () => {
    await saveAdvertises(bot, greetId, [
      { code: '<b>always</b>', status: 1, random: 0, random_ratio: '10' },
      { code: '<i>off</i>', status: 0, random: 0, random_ratio: '10' },
      { code: '<u>sometimes</u>', status: 1, random: 1, random_ratio: '30' },
      { code: '<s>certain</s>', status: 1, random: 1, random_ratio: '100' },
    ]);
    const adsOf = async (draw: number) => {
      server.draw.value = draw;
      const sender = newSender(bot);
      await sender.say('hello there');
      const replies = await sender.say('Sam');
      return replies.filter((reply) => reply.type === 'advert').map((reply) => reply.html);
    };
    expect(await adsOf(0.999)).toEqual(['<b>always</b>', '<s>certain</s>']);
    expect(await adsOf(0.5)).toEqual(['<b>always</b>', '<s>certain</s>']);
    expect(await adsOf(0.1)).toEqual(['<b>always</b>', '<u>sometimes</u>', '<s>certain</s>']);
    expect(await adsOf(0)).toEqual(['<b>always</b>', '<u>sometimes</u>', '<s>certain</s>']);
  });
});
