import { type BotMessage, defaultChatbotSettings } from '@hiwar/contracts';
import type { Database } from '../../platform/db/database.ts';
import { findChatbotByOwner, settingsOfRow } from '../chatbot/chatbot-repository.ts';
import type { StoredChatbot } from '../chatbot/chatbot-service.ts';
import { newTurnState } from './handle-event.ts';
import { idleBank, type SenderBank } from './sender-bank.ts';
import { runPipeline } from './steps.ts';
import type { StepTrace } from './turn-state.ts';

export interface PreviewResult {
  replies: BotMessage[];
  matched: { commandId: number; score: number } | null;
  /** the bank a new sender would hold after this message */
  sender_bank: SenderBank;
  trace: StepTrace[];
}

export const PREVIEW_PLATFORM = 'debug';

/** The owner's chatbot as stored, without creating it (no secrets needed to answer). */
async function chatbotForPreview(db: Database, userId: number): Promise<StoredChatbot> {
  const row = await findChatbotByOwner(db, userId);
  if (!row) return { ...defaultChatbotSettings(), chatbot_id: 0, user_id: userId, user_token: '' };
  return { ...settingsOfRow(row), chatbot_id: row.chatbot_id, user_id: userId, user_token: row.user_token };
}

/**
 * What the bot would answer a new sender's message (steps 3–5 for the debugger), storing nothing: no turn, no
 * bank, no sender, no preference. Advertises show as if every random draw succeeded.
 */
export async function previewReplies(db: Database, userId: number, text: string): Promise<PreviewResult> {
  const chatbot = await chatbotForPreview(db, userId);
  const deps = { db, now: () => new Date(), random: () => 0 };
  const sender = { platform: PREVIEW_PLATFORM, senderId: 'preview' };
  const turn = newTurnState(deps, { chatbot, sender, event: { type: 'text', text } }, idleBank());
  await runPipeline(turn);
  return { replies: turn.replies, matched: turn.matched, sender_bank: turn.bank, trace: turn.trace };
}
