import { z } from 'zod';
import { botMessage, incomingEvent } from './bot-message.ts';
import { okWith } from './envelope.ts';
import { inboxCandidate, stepTrace } from './inbox.ts';

/** The test chat's turns kept for reopening the panel (GET /test_chat/history). */
export const TEST_CHAT_HISTORY_LIMIT = 50;

/** One stored turn of the console's test sender, oldest first in the history. */
export const testChatHistoryTurn = z.object({
  turn_id: z.number(),
  at: z.string(),
  event: incomingEvent,
  replies: z.array(botMessage),
  /** the message's language; null for a shared location */
  lang: z.string().nullable(),
  matched: inboxCandidate.nullable(),
  trace: z.array(stepTrace),
});
export type TestChatHistoryTurn = z.infer<typeof testChatHistoryTurn>;

/** The test sender's last turns and where its conversation stands now (what the next message continues). */
export const testChatHistory = z.object({
  turns: z.array(testChatHistoryTurn),
  variables: z.record(z.string(), z.unknown()),
  waiting_for: z.string().nullable(),
});
export type TestChatHistory = z.infer<typeof testChatHistory>;
export const testChatHistoryResponse = okWith(testChatHistory);
