import {
  defaultChatbotSettings,
  type IncomingEvent,
  TEST_CHAT_HISTORY_LIMIT,
  TEST_PLATFORM,
  type TestChatHistory,
  type TestChatTurn,
} from '@hiwar/contracts';
import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { findChatbotByOwner, settingsOfRow } from '../chatbot/chatbot-repository.ts';
import { findOwnCommand } from '../commands/command-repository.ts';
import { loadBank } from '../runtime/bank-repository.ts';
import {
  botCache,
  handleEvent,
  type RuntimeChatbot,
  type RuntimeDeps,
  type SenderBank,
} from '../runtime/index.ts';
import { loadRunnableCommand } from '../runtime/load-command.ts';
import { unsubscribeSender } from '../subscriptions/subscriber-repository.ts';
import { deleteSenderRows, listTestTurns } from './test-chat-repository.ts';

export interface TestChatContext {
  db: Database;
  runtime: Omit<RuntimeDeps, 'db'>;
}

/** The owner's one test sender: platform `test`, the owner's id as the sender id. */
export function testSenderOf(userId: number): SenderKey {
  return { userId, platform: TEST_PLATFORM, senderId: String(userId) };
}

const chatbotsByOwner = botCache<RuntimeChatbot>();

/**
 * The owner's chatbot as stored, else the defaults (as the debugger reads it): an owner who never opened the
 * chatbot screen has no row yet, and the test chat must not create one.
 */
async function readChatbot(db: Database, userId: number): Promise<RuntimeChatbot> {
  const row = await findChatbotByOwner(db, userId);
  return { ...(row ? settingsOfRow(row) : defaultChatbotSettings()), user_id: userId };
}

async function commandNameOf(db: Database, userId: number, commandId: number): Promise<string> {
  const runnable = await loadRunnableCommand(db, userId, commandId);
  if (runnable) return runnable.name;
  // switched off or deleted since the turn: the history still names it when it exists
  return (await findOwnCommand(db, userId, commandId))?.command_name ?? '';
}

async function matchedOf(
  db: Database,
  userId: number,
  matched: { commandId: number; score: number } | null,
): Promise<TestChatTurn['matched']> {
  if (!matched) return null;
  const name = await commandNameOf(db, userId, matched.commandId);
  return { command_id: matched.commandId, command_name: name, score: matched.score };
}

/** The name of the variable the command in progress prompted for; null when nothing is awaited. */
async function waitingForOf(db: Database, userId: number, bank: SenderBank): Promise<string | null> {
  if (!bank.in_progress || bank.command_id === null || bank.cursor === null) return null;
  const command = await loadRunnableCommand(db, userId, bank.command_id);
  return command?.variables.find((variable) => variable.var_id === bank.cursor)?.var_name ?? null;
}

/** POST /test_chat/send: one message of the test sender through the owner's real bot, stored as a test turn. */
export async function sendTestMessage(
  context: TestChatContext,
  userId: number,
  event: IncomingEvent,
): Promise<TestChatTurn> {
  const { db } = context;
  const chatbot = await chatbotsByOwner.get(db, String(userId), () => readChatbot(db, userId));
  const { platform, senderId } = testSenderOf(userId);
  const turn = await handleEvent(
    { ...context.runtime, db },
    { chatbot, sender: { platform, senderId }, event },
  );
  return {
    turn_id: turn.turnId,
    replies: turn.replies,
    lang: turn.lang,
    matched: await matchedOf(db, userId, turn.matched),
    // once a command answered its bank is idle again: show the values it answered with
    variables: turn.bank.in_progress ? turn.bank.vars : (turn.answeredValues ?? turn.bank.vars),
    waiting_for: await waitingForOf(db, userId, turn.bank),
    trace: turn.trace,
  };
}

/**
 * POST /test_chat/reset: the test sender is forgotten, so its next message starts a new conversation; a channel
 * it joined while testing no longer counts it.
 */
export async function resetTestChat(db: Database, userId: number): Promise<void> {
  const sender = testSenderOf(userId);
  await db.transaction().execute(async (trx) => {
    await deleteSenderRows(trx, sender);
    await unsubscribeSender(trx, sender, new Date().toISOString());
  });
}

/** GET /test_chat/history: the test sender's last turns with their traces, and where it stands now. */
export async function testChatHistory(db: Database, userId: number): Promise<TestChatHistory> {
  const sender = testSenderOf(userId);
  const rows = await listTestTurns(db, sender, TEST_CHAT_HISTORY_LIMIT);
  const names = new Map<number, string>();
  for (const commandId of new Set(rows.flatMap((row) => (row.commandId === null ? [] : [row.commandId])))) {
    names.set(commandId, await commandNameOf(db, userId, commandId));
  }
  const { bank } = await loadBank(db, sender);
  return {
    turns: rows.map((row) => ({
      turn_id: row.id,
      at: row.createdAt,
      event: row.event,
      replies: row.replies,
      lang: row.lang,
      matched:
        row.commandId === null
          ? null
          : {
              command_id: row.commandId,
              command_name: names.get(row.commandId) ?? '',
              score: row.score ?? 0,
            },
      trace: row.trace,
    })),
    variables: bank.vars,
    waiting_for: await waitingForOf(db, userId, bank),
  };
}
