import { defaultChatbotSettings } from '@hiwar/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../testing/accounts.ts';
import { type FakeTelegram, startFakeTelegram } from '../testing/channels/telegram/fake-telegram-api.ts';
import { telegramApps, textUpdate } from '../testing/channels/telegram/telegram-updates.ts';
import { databaseForProcesses } from '../testing/server-process.ts';
import {
  createCommand,
  createExample,
  createService,
  waitForModels,
} from '../testing/services/authoring-fixtures.ts';
import { testDatabaseKinds } from '../testing/test-databases.ts';
import { until } from '../testing/until.ts';
import type { ChannelTables } from './channel-tables.ts';

const BOT_TOKEN = '778:AAE-delivery-crash-token';
const CHATS = [6101, 6102, 6103, 6104, 6105];
const COMMANDS = [
  {
    name: 'hours',
    examples: ['when are you open', 'opening hours', 'are you open today', 'what time do you close'],
    answer: 'We open at nine.',
  },
  {
    name: 'delivery',
    examples: [
      'do you deliver to my street',
      'where do you deliver',
      'delivery area please',
      'can you deliver',
    ],
    answer: 'We deliver all over Cairo.',
  },
];

/**
 * Replies waiting out a Telegram outage survive a `kill -9` of the server — the restarted
 * process takes back what the dead one held and delivers each chat's replies once, in order, after the outage.
 */
describe.each(await testDatabaseKinds())(
  'replies waiting in an outage across a kill -9 on $label',
  (kind) => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('are delivered once each, in each chat’s order, by the restarted server', async () => {
      const fake: FakeTelegram = await startFakeTelegram();
      fake.addBot(BOT_TOKEN, { username: 'outage_crash_bot' });
      const database = await databaseForProcesses(kind, 'hiwar-delivery-crash-');
      cleanups.push(async () => {
        await database.remove();
        await fake.close();
      });
      const env = { TELEGRAM_API_URL: fake.url };
      const first = await database.start(env);
      const owner = await registerAndLogin(first);
      const serviceId = await createService(first, owner.token);
      for (const command of COMMANDS) {
        const commandId = await createCommand(first, owner.token, serviceId, {
          command_name: command.name,
          command_lang: 'en',
        });
        for (const text of command.examples) await createExample(first, owner.token, commandId, text);
        await first.call('POST', `/api/command_response/save/${commandId}`, {
          token: owner.token,
          body: { record: { resp_type: 'text', resp_text: command.answer } },
        });
      }
      await waitForModels(first, owner.token);
      const saved = await first.call('POST', '/api/chatbot/save', {
        token: owner.token,
        body: { ...defaultChatbotSettings(), apps: telegramApps(BOT_TOKEN) },
      });
      expect(saved.json.status, saved.text).toBe(1);

      // Telegram down: every chat asks two things, each acknowledged, each reply waiting in `deliveries`
      fake.startOutage('sendMessage', 500);
      let updateId = 7000;
      for (const chat of CHATS) {
        for (const text of ['when are you open', 'where do you deliver']) {
          updateId += 1;
          expect((await fake.deliver(BOT_TOKEN, textUpdate(updateId, chat, text))).status).toBe(200);
        }
      }
      const deliveries = () =>
        database
          .db()
          .withTables<ChannelTables>()
          .selectFrom('deliveries')
          .selectAll()
          .orderBy('id')
          .execute();
      // each chat's first reply tried and refused at least once, its second waiting behind it
      await until(async () => {
        const rows = await deliveries();
        const tried = new Set(rows.filter((row) => row.attempts > 0).map((row) => row.sender_id));
        return rows.length === CHATS.length * 2 && tried.size === CHATS.length ? true : undefined;
      }, 'every chat’s first reply tried in the outage');
      await first.kill();
      expect(fake.sent('sendMessage')).toEqual([]);

      fake.endOutage('sendMessage');
      await database.start(env);
      await until(
        async () => ((await deliveries()).every((row) => row.status === 'delivered') ? true : undefined),
        'every reply delivered after the restart',
        30_000,
      );
      for (const chat of CHATS) {
        const texts = fake
          .sent('sendMessage', BOT_TOKEN)
          .filter((call) => String(call.body.chat_id) === String(chat))
          .map((call) => call.body.text);
        expect(texts).toEqual(COMMANDS.map((command) => command.answer));
      }
    });
  },
);
