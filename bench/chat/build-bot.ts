import { setTimeout as sleep } from 'node:timers/promises';
import { type Client, expectOk, registerOwnerWithService } from './bench-owner.ts';
import { benchCommands } from './bot-corpus.ts';
import { createClient } from './http-client.ts';

/** A command (English) with its examples, as the console saves them; answers its id. */
export async function saveCommand(
  client: Client,
  token: string,
  serviceId: number,
  command: { name: string; examples: readonly string[] },
): Promise<number> {
  const saved = await expectOk(
    client.call(
      'POST',
      `/api/command/save/${serviceId}/0`,
      { command_name: command.name, command_lang: 'en' },
      token,
    ),
    `command save ${command.name}`,
  );
  const commandId = saved.id as number;
  for (const text of command.examples) {
    const body = { example_command_id: commandId, example_text: text, example_vars: [] };
    await expectOk(client.call('POST', '/api/command_example/save_example', body, token), 'example save');
  }
  return commandId;
}

export async function saveResponse(
  client: Client,
  token: string,
  commandId: number,
  record: Record<string, unknown>,
): Promise<void> {
  await expectOk(
    client.call('POST', `/api/command_response/save/${commandId}`, { record }, token),
    'response',
  );
}

async function addCommands(client: Client, token: string, serviceId: number): Promise<void> {
  for (const command of benchCommands) {
    const commandId = await saveCommand(client, token, serviceId, command);
    await saveResponse(client, token, commandId, { resp_type: 'text', resp_text: command.answer });
  }
}

/** Starts the owner's training and waits until the owner has no job running and the models are up to date. */
export async function trainAndWait(client: Client, token: string): Promise<void> {
  await client.call('GET', '/api/command_example/train', undefined, token);
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const answer = await client.call('GET', '/api/command_example/check-if-free', undefined, token);
    if (answer.json?.status === 1 && answer.json?.model !== 'updating') return;
    await sleep(200);
  }
  throw new Error('training did not finish in 120 s');
}

/**
 * Builds the 50-command bot through the API as an owner would and trains it: the owner's sign-in token
 * (`ownerToken`, to change the chatbot's settings) and the chatbot's public token (`botToken`).
 */
export async function buildBenchBotForOwner(
  baseUrl: string,
): Promise<{ ownerToken: string; botToken: string }> {
  const client = createClient(baseUrl, 4);
  try {
    const { token, serviceId } = await registerOwnerWithService(client, 'Bench service');
    await addCommands(client, token, serviceId);
    await trainAndWait(client, token);
    const browsed = await expectOk(client.call('GET', '/api/chatbot/browse', undefined, token), 'browse');
    return { ownerToken: token, botToken: browsed.user_token as string };
  } finally {
    client.close();
  }
}

/** Builds the 50-command bot through the API as an owner would, trains it, and answers its public token. */
export async function buildBenchBot(baseUrl: string): Promise<string> {
  return (await buildBenchBotForOwner(baseUrl)).botToken;
}
