import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCommand,
  type ConversationServer,
  createBot,
  newSender,
  saveAdvertises,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { createVariable } from '../../testing/services/authoring-fixtures.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

/**
 * The runtime keeps what it reads of a bot in memory (bot-cache.ts); whatever the owner changes through the API
 * must answer the very next message.
 */
describe.each(await testDatabaseKinds())(
  'the next message after the owner changes the bot on $label',
  (kind) => {
    let server: ConversationServer;
    let bot: TestBot;
    let hoursId: number;
    const ask = 'when are you open';
    beforeAll(async () => {
      server = await startConversationServer(kind);
      bot = await createBot(server);
      hoursId = (
        await addCommand(bot, {
          name: 'opening hours',
          examples: ['when are you open', 'opening hours', 'what time do you open', 'are you open today'],
          response: { resp_text: 'From 9 to 5.' },
        })
      ).id;
      await addCommand(bot, {
        name: 'delivery',
        examples: ['do you deliver', 'home delivery', 'can you ship it', 'delivery options'],
        response: { resp_text: 'We deliver.' },
      });
    });
    afterAll(async () => {
      await server.close();
    });

    const saveResponse = async (resp_text: string) => {
      const saved = await server.call('POST', `/api/command_response/save/${hoursId}`, {
        token: bot.token,
        body: { record: { resp_type: 'text', resp_text } },
      });
      expect(saved.json?.status).toBe(1);
    };

    it('answers with the response as just saved', async () => {
      const sender = newSender(bot);
      expect(await sender.say(ask)).toEqual([{ type: 'text', text: 'From 9 to 5.' }]);
      await saveResponse('From 8 to 6.');
      expect(await sender.say(ask)).toEqual([{ type: 'text', text: 'From 8 to 6.' }]);
      await saveResponse('From 9 to 5.');
    });

    it('stops matching a command switched off, and matches it again once switched on', async () => {
      const sender = newSender(bot);
      const setStatus = (status: number) =>
        server.call('POST', `/api/command/set_status/${hoursId}`, { token: bot.token, body: { status } });
      expect(await sender.say(ask)).toEqual([{ type: 'text', text: 'From 9 to 5.' }]);
      expect((await setStatus(0)).json?.status).toBe(1);
      expect(await sender.say(ask)).not.toEqual([{ type: 'text', text: 'From 9 to 5.' }]);
      expect((await setStatus(1)).json?.status).toBe(1);
      expect(await sender.say(ask)).toEqual([{ type: 'text', text: 'From 9 to 5.' }]);
    });

    it('shows an advertise added to the command, and asks for a variable added to it', async () => {
      const sender = newSender(bot);
      expect(await sender.say(ask)).toEqual([{ type: 'text', text: 'From 9 to 5.' }]);
      await saveAdvertises(bot, hoursId, [{ code: '<b>Sale</b>', status: 1, random: 0, random_ratio: '10' }]);
      expect(await sender.say(ask)).toEqual([
        { type: 'text', text: 'From 9 to 5.' },
        { type: 'advert', html: '<b>Sale</b>' },
      ]);
      await createVariable(server, bot.token, hoursId, {
        var_name: 'branch',
        var_type: 'text',
        var_prompt: 'Which branch?',
      });
      expect(await sender.say(ask)).toEqual([{ type: 'text', text: 'Which branch?' }]);
    });
  },
);
