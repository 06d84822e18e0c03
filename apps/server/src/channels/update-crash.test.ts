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

const BOT_TOKEN = '777:AAE-crash-test-token';
const kinds = await testDatabaseKinds();

describe.each(kinds)('a Telegram update acknowledged just before a crash on $label', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('is answered once after a kill -9 and a restart', async () => {
    const fake: FakeTelegram = await startFakeTelegram();
    fake.addBot(BOT_TOKEN, { username: 'crash_bot' });
    const database = await databaseForProcesses(kind, 'hiwar-channel-crash-');
    cleanups.push(async () => {
      await database.remove();
      await fake.close();
    });
    const env = { TELEGRAM_API_URL: fake.url };
    // every claimed update waits 30 s before it is answered: the kill comes in between
    const first = await database.start({ ...env, HIWAR_TEST_UPDATE_DELAY_MS: '30000' });
    const owner = await registerAndLogin(first);
    const serviceId = await createService(first, owner.token);
    const commandId = await createCommand(first, owner.token, serviceId, {
      command_name: 'hours',
      command_lang: 'en',
    });
    for (const text of ['when are you open', 'opening hours', 'are you open today', 'what time do you close'])
      await createExample(first, owner.token, commandId, text);
    await waitForModels(first, owner.token);
    await first.call('POST', `/api/command_response/save/${commandId}`, {
      token: owner.token,
      body: { record: { resp_type: 'text', resp_text: 'We open at nine.' } },
    });
    const saved = await first.call('POST', '/api/chatbot/save', {
      token: owner.token,
      body: {
        ...defaultChatbotSettings(),
        apps: telegramApps(BOT_TOKEN),
      },
    });
    expect(saved.json.status, saved.text).toBe(1);

    const acknowledged = await fake.deliver(BOT_TOKEN, textUpdate(5001, 42, 'when are you open'));
    expect(acknowledged.status).toBe(200);
    const updates = () =>
      database.db().withTables<ChannelTables>().selectFrom('channel_updates').selectAll().execute();
    await until(
      async () => ((await updates())[0]?.status === 'running' ? true : undefined),
      'claimed',
      10_000,
    );
    await first.kill();
    expect(fake.sent('sendMessage')).toEqual([]);

    const second = await database.start(env);
    const done = await until(
      async () => {
        const [row] = await updates();
        return row?.status === 'done' ? row : undefined;
      },
      'the update answered after the restart',
      20_000,
    );
    expect(done.turn_id).not.toBeNull();
    // the reply waits in `deliveries` until the platform takes it
    await until(() => (fake.sent('sendMessage').length > 0 ? true : undefined), 'the reply sent', 10_000);
    expect(fake.sent('sendMessage').map((call) => call.body.text)).toEqual(['We open at nine.']);
    // Telegram delivers it again (it never saw the first 200, say) to the restarted server: still one answer
    const webhook = fake.webhookOf(BOT_TOKEN);
    const again = await fetch(`${second.url}${new URL(webhook?.url ?? '').pathname}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-telegram-bot-api-secret-token': webhook?.secretToken ?? '',
      },
      body: JSON.stringify(textUpdate(5001, 42, 'when are you open')),
    });
    expect(again.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.sent('sendMessage').length).toBe(1);
    expect((await updates()).length).toBe(1);
  });
});
