import { setTimeout as sleep } from 'node:timers/promises';
import { type Client, expectOk, registerBenchOwner } from './bench-owner.ts';
import { benchCommands } from './bot-corpus.ts';
import { createClient } from './http-client.ts';

async function addCommands(client: Client, token: string, serviceId: number): Promise<void> {
  for (const command of benchCommands) {
    const saved = await expectOk(
      client.call(
        'POST',
        `/api/command/save/${serviceId}/0`,
        { command_name: command.name, command_lang: 'en' },
        token,
      ),
      'command save',
    );
    const commandId = saved.id as number;
    for (const text of command.examples) {
      const body = { example_command_id: commandId, example_text: text, example_vars: [] };
      await expectOk(client.call('POST', '/api/command_example/save_example', body, token), 'example save');
    }
    const record = { resp_type: 'text', resp_text: command.answer };
    await expectOk(
      client.call('POST', `/api/command_response/save/${commandId}`, { record }, token),
      'response',
    );
  }
}

async function trainAndWait(client: Client, token: string): Promise<void> {
  await client.call('GET', '/api/command_example/train', undefined, token);
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const answer = await client.call('GET', '/api/command_example/check-if-free', undefined, token);
    if (answer.json?.status === 1) return;
    await sleep(200);
  }
  throw new Error('training did not finish in 120 s');
}

/** Builds the 50-command bot through the API as an owner would, trains it, and answers its public token. */
export async function buildBenchBot(baseUrl: string): Promise<string> {
  const client = createClient(baseUrl, 4);
  try {
    const token = await registerBenchOwner(client);
    const service = await expectOk(
      client.call('POST', '/api/service/save', { service_name: 'Bench service' }, token),
      'service save',
    );
    await addCommands(client, token, service.id as number);
    await trainAndWait(client, token);
    const browsed = await expectOk(client.call('GET', '/api/chatbot/browse', undefined, token), 'browse');
    return browsed.user_token as string;
  } finally {
    client.close();
  }
}
