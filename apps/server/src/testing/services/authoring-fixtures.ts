import type { SaveVariableRequest } from '@hiwar/contracts';
import type { TestServer } from '../test-server.ts';

/** A test server or a server process: the fixtures only call its HTTP API. */
type Callable = Pick<TestServer, 'call'>;

/**
 * Test support for the authoring modules: builds services, commands, variables and examples over HTTP, as the
 * console does, and fails loudly when a step is refused.
 */
let counter = 0;

export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${counter}`;
}

async function expectSaved(answer: Awaited<ReturnType<TestServer['call']>>, what: string) {
  if (answer.status !== 200 || answer.json?.status !== 1) throw new Error(`${what} failed: ${answer.text}`);
  return answer.json;
}

export async function createService(
  server: Callable,
  token: string,
  fields: { service_name?: string; service_description?: string; is_public?: number } = {},
): Promise<number> {
  const body = { service_name: uniqueName('Service'), ...fields };
  const answer = await server.call('POST', '/api/service/save', { token, body });
  return (await expectSaved(answer, 'service save')).id;
}

export async function createCommand(
  server: Callable,
  token: string,
  serviceId: number,
  fields: { command_name?: string; command_lang?: string; command_description?: string } = {},
): Promise<number> {
  const body = { command_name: uniqueName('command'), ...fields };
  const answer = await server.call('POST', `/api/command/save/${serviceId}/0`, { token, body });
  return (await expectSaved(answer, 'command save')).id;
}

export async function createVariable(
  server: Callable,
  token: string,
  commandId: number,
  fields: Partial<SaveVariableRequest> = {},
): Promise<number> {
  const body = {
    var_name: uniqueName('var').replace(' ', '_'),
    var_type: 'text',
    var_val_text: 'value',
    ...fields,
  };
  const answer = await server.call('POST', `/api/command_var/save/0/${commandId}`, { token, body });
  return (await expectSaved(answer, 'variable save')).id;
}

export async function createExample(
  server: Callable,
  token: string,
  commandId: number,
  text: string,
  exampleVars: { tag: string; type: number }[] = [],
) {
  const body = { example_command_id: commandId, example_text: text, example_vars: exampleVars };
  const answer = await server.call('POST', '/api/command_example/save_example', { token, body });
  return (await expectSaved(answer, 'example save')).data;
}

/**
 * Waits until the owner's models reflect every saved example (check-if-free's `model`). A test server waits for
 * model updates after every call by itself; a server process (server-process.ts) answers a save before its model
 * update, so a test that seeds examples there waits here before it chats.
 */
export async function waitForModels(server: Callable, token: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await server.call('GET', '/api/command_example/check-if-free', { token });
    if (answer.json?.model === 'up_to_date') return;
    if (Date.now() > deadline) throw new Error(`models still ${answer.json?.model} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
