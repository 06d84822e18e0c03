import { setTimeout as sleep } from 'node:timers/promises';
import { benchCommands } from './bot-corpus.ts';
import { type CallAnswer, createClient } from './http-client.ts';

type Client = ReturnType<typeof createClient>;

async function expectOk(answer: Promise<CallAnswer>, what: string) {
  const result = await answer;
  if (result.status !== 200 || result.json?.status !== 1) {
    throw new Error(`${what}: ${result.status} ${JSON.stringify(result.json)}`);
  }
  return result.json;
}

async function registerOwner(client: Client): Promise<string> {
  const tag = Date.now().toString(36);
  const account = {
    username: `bench${tag}`,
    user_fullname: 'Bench Owner',
    user_email: `bench${tag}@example.com`,
    user_password: 'bench-password',
    user_password_confirmation: 'bench-password',
  };
  await expectOk(client.call('POST', '/api/passport/register', account), 'register');
  const login = await client.call('POST', '/api/passport/login', {
    email: account.user_email,
    password: account.user_password,
  });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.json)}`);
  return login.json.access_token as string;
}

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
    const token = await registerOwner(client);
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
