import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../platform/db/clock.ts';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

describe.each(await testDatabaseKinds())('preferences and default values on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    const city = {
      var_name: 'city',
      var_type: 'list' as const,
      var_val_list: ['Cairo', 'Berlin', 'Dubai'],
      var_prompt: 'Which city?',
      var_is_preference: 1 as const,
      var_is_preference_timeout: 2,
    };
    const weather = await addCommand(bot, {
      name: 'weather',
      examples: ['what is the weather', 'weather forecast', 'will it rain', 'how hot is it outside'],
      variables: [city],
      response: { resp_text: 'Sunny in {{city}}.' },
    });
    await addCommand(bot, {
      name: 'taxi',
      examples: ['book a taxi', 'call me a cab', 'i need a taxi ride', 'order a car to pick me up'],
      variables: [
        {
          var_name: 'pickup',
          var_type: 'text',
          var_val_text: 'x',
          var_prompt: 'Where from?',
          var_default_val_type: 'prf',
          var_default_val_preference_id: weather.varIds[0] ?? null,
        },
        {
          var_name: 'seats',
          var_type: 'component',
          entity_name: 'number',
          var_prompt: 'How many seats?',
          var_default_val_type: 'txt',
          var_default_val: '1',
        },
      ],
      response: { resp_text: 'Taxi from {{pickup}} for {{seats}}.' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('remembers a preference for its timeout in days, then forgets it', async () => {
    const sender = newSender(bot);
    expect(await sender.say('what is the weather')).toEqual([{ type: 'text', text: 'Which city?' }]);
    expect(await sender.say('Berlin')).toEqual([{ type: 'text', text: 'Sunny in Berlin.' }]);

    server.clock.now = new Date(server.clock.now.getTime() + DAY_MS);
    expect(await sender.say('weather forecast')).toEqual([{ type: 'text', text: 'Sunny in Berlin.' }]);

    server.clock.now = new Date(server.clock.now.getTime() + 2 * DAY_MS);
    expect(await sender.say('weather forecast')).toEqual([{ type: 'text', text: 'Which city?' }]);
  });

  it('lets a value in the message win over the preference', async () => {
    const sender = newSender(bot);
    await sender.say('weather forecast');
    await sender.say('Dubai');
    expect(await sender.say('weather forecast in Cairo')).toEqual([
      { type: 'text', text: 'Sunny in Cairo.' },
    ]);
  });

  it('fills defaults: a literal, and another variable’s preference', async () => {
    const sender = newSender(bot);
    expect(await sender.say('book a taxi')).toEqual([{ type: 'text', text: 'Where from?' }]);
    expect(await sender.say('the airport')).toEqual([{ type: 'text', text: 'Taxi from the airport for 1.' }]);
    await sender.say('what is the weather');
    await sender.say('Cairo');
    expect(await sender.say('book a taxi')).toEqual([{ type: 'text', text: 'Taxi from Cairo for 1.' }]);
  });
});
