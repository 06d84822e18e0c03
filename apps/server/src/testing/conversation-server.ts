import { defaultChatbotSettings, type SaveChatbotInput, type SaveVariableRequest } from '@hiwar/contracts';
import { modules } from '../modules/index.ts';
import { createWidgetApiModule } from '../modules/widget-api/widget-api-module.ts';
import type { Config } from '../platform/config.ts';
import type { AppModule } from '../platform/http/module.ts';
import { registerAndLogin } from './accounts.ts';
import {
  createCommand,
  createExample,
  createService,
  createVariable,
} from './services/authoring-fixtures.ts';
import type { TestDatabaseKind } from './test-databases.ts';
import { type CallResult, startTestServer, type TestServer } from './test-server.ts';

/**
 * Test support for conversations: a real server whose runtime clock and random source the test controls, and
 * helpers that build a bot through the public API as an owner would.
 */
export interface ConversationServer extends TestServer {
  /** the runtime's clock: set `clock.now` to move time */
  clock: { now: Date };
  /** the runtime's random draws answer this value (advertises show when value * 100 < ratio) */
  draw: { value: number };
}

export async function startConversationServer(
  kind: TestDatabaseKind,
  limits: { senderLimit?: number; addressLimit?: number } = {},
  config: Partial<Config> = {},
  /** modules built with test options, in place of the ones of the same name (the channels' delivery clock) */
  replacements: readonly AppModule[] = [],
): Promise<ConversationServer> {
  const clock = { now: new Date('2026-03-01T10:00:00.000Z') };
  const draw = { value: 0.5 };
  const runtime = { now: () => clock.now, random: () => draw.value };
  const widget = createWidgetApiModule({ runtime, ...limits });
  const replaced = new Map([widget, ...replacements].map((module) => [module.name, module]));
  const server = await startTestServer(
    kind,
    config,
    modules.map((module) => replaced.get(module.name) ?? module),
  );
  return { ...server, clock, draw };
}

async function expectOk(answer: CallResult, what: string): Promise<CallResult> {
  if (answer.status !== 200 || answer.json?.status !== 1) throw new Error(`${what} failed: ${answer.text}`);
  return answer;
}

/** An owner with one service, and the chatbot's public token. */
export interface TestBot {
  server: ConversationServer;
  token: string;
  userId: number;
  serviceId: number;
  botToken: string;
}

export async function createBot(server: ConversationServer): Promise<TestBot> {
  const owner = await registerAndLogin(server);
  const serviceId = await createService(server, owner.token);
  const browsed = await expectOk(
    await server.call('GET', '/api/chatbot/browse', { token: owner.token }),
    'browse',
  );
  return { server, token: owner.token, userId: owner.userId, serviceId, botToken: browsed.json.user_token };
}

export interface CommandSpec {
  name: string;
  /** command_lang: the language of its examples (default en) */
  lang?: 'ar' | 'en' | 'de';
  examples: string[];
  /** the response record's fields (resp_type defaults to text) */
  response?: Record<string, unknown>;
  variables?: Partial<SaveVariableRequest>[];
}

/** A command with its examples, variables (in the order given) and response; answers its id and variable ids. */
export async function addCommand(bot: TestBot, spec: CommandSpec): Promise<{ id: number; varIds: number[] }> {
  const { server, token } = bot;
  const id = await createCommand(server, token, bot.serviceId, {
    command_name: spec.name,
    command_lang: spec.lang ?? 'en',
  });
  const varIds: number[] = [];
  for (const [index, variable] of (spec.variables ?? []).entries()) {
    varIds.push(await createVariable(server, token, id, { var_order: index + 1, ...variable }));
  }
  for (const example of spec.examples) await createExample(server, token, id, example);
  const record = { resp_type: 'text', ...spec.response };
  const saved = await server.call('POST', `/api/command_response/save/${id}`, { token, body: { record } });
  await expectOk(saved, 'response save');
  return { id, varIds };
}

export async function saveChatbot(bot: TestBot, changes: Partial<SaveChatbotInput>): Promise<void> {
  const body = { ...defaultChatbotSettings(), ...changes };
  await expectOk(
    await bot.server.call('POST', '/api/chatbot/save', { token: bot.token, body }),
    'chatbot save',
  );
}

export async function saveAdvertises(bot: TestBot, commandId: number, ads: Record<string, unknown>[]) {
  const answer = await bot.server.call('POST', `/api/command_advertises/save/${commandId}`, {
    token: bot.token,
    body: { data: ads },
  });
  await expectOk(answer, 'advertises save');
}

let senderCounter = 1000;

/** A conversation of one new web-messenger sender with the bot. */
export function newSender(bot: TestBot) {
  senderCounter += 1;
  const senderId = senderCounter;
  const send = async (event: Record<string, unknown>) => {
    const answer = await bot.server.call('POST', `/widget/api/${bot.botToken}/messages`, {
      body: { sender_id: senderId, event },
    });
    if (answer.status !== 200) throw new Error(`message failed: ${answer.status} ${answer.text}`);
    return answer.json as { status: 1; replies: Record<string, unknown>[]; turn_id: number };
  };
  return {
    senderId,
    send,
    say: async (text: string) => (await send({ type: 'text', text })).replies,
    press: async (payload: string) => (await send({ type: 'postback', payload })).replies,
  };
}
