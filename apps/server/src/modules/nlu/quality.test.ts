import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import {
  addCommand,
  type ConversationServer,
  createBot,
  startConversationServer,
  type TestBot,
} from '../../testing/conversation-server.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';

describe.each(await testDatabaseKinds())('the quality report on $label', (kind) => {
  let server: ConversationServer;
  let bot: TestBot;
  const ids: Record<string, number> = {};
  const quality = async (token = bot.token) => (await server.call('GET', '/api/nlu/quality', { token })).json;

  beforeAll(async () => {
    server = await startConversationServer(kind);
    bot = await createBot(server);
    const commands: Record<string, string[]> = {
      hours: [
        'what time do you open',
        'when are you open on sunday',
        'opening hours please',
        'are you open late',
        'until when are you open',
      ],
      delivery: [
        'do you deliver',
        'can you deliver my order',
        'home delivery please',
        'delivery to my home',
        'do you deliver to my area',
      ],
      'delivery time': [
        'how long does delivery take',
        'when will my delivery arrive',
        'delivery time to my home',
      ],
      thanks: ['thank you', 'thanks a lot'],
    };
    for (const [name, examples] of Object.entries(commands))
      ids[name] = (await addCommand(bot, { name, examples })).id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('follows a training: each command’s figures, the confused pair, the commands with too few examples', async () => {
    expect(await quality()).toEqual({ status: 1, is_running: false, data: [] });
    const train = await server.call('GET', '/api/command_example/train', { token: bot.token });
    expect(train.json.status).toBe(1);
    await expect.poll(async () => (await quality()).data.length, { timeout: 20_000, interval: 200 }).toBe(1);
    const [report] = (await quality()).data;
    expect(report).toMatchObject({ lang: 'en', parser: 'default', is_stale: false, folds: 5, examples: 15 });
    expect(report.commands.map((command: { command_name: string }) => command.command_name).sort()).toEqual([
      'delivery',
      'delivery time',
      'hours',
      'thanks',
    ]);
    for (const command of report.commands) {
      expect(command.service_id).toBe(bot.serviceId);
      expect(command.precision).toBeGreaterThanOrEqual(0);
      expect(command.recall).toBeLessThanOrEqual(1);
    }
    expect(report.few_examples).toEqual([
      {
        command_id: ids['delivery time'],
        command_name: 'delivery time',
        service_id: bot.serviceId,
        examples: 3,
      },
      { command_id: ids.thanks, command_name: 'thanks', service_id: bot.serviceId, examples: 2 },
    ]);
    expect(report.confusions.length).toBeGreaterThan(0);
    expect(report.out_of_scope_caught).toBeGreaterThanOrEqual(0);

    // a change since: the report says it is behind until the next training
    await server.call('POST', '/api/command_example/save_example', {
      token: bot.token,
      body: { example_command_id: ids.thanks, example_text: 'many thanks', example_vars: [] },
    });
    expect((await quality()).data[0].is_stale).toBe(true);
  });

  it('shows another owner nothing', async () => {
    const other = await registerAndLogin(server);
    expect((await quality(other.token)).data).toEqual([]);
    expect((await server.call('GET', '/api/nlu/quality')).status).toBe(401);
  });
});
