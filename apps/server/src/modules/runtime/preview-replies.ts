import { type BotMessage, defaultChatbotSettings } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { findChatbotByOwner, settingsOfRow } from '../chatbot/chatbot-repository.ts';
import type { Understanding } from '../nlu/index.ts';
import { newTurnState } from './handle-event.ts';
import { idleBank, type SenderBank } from './sender-bank.ts';
import { runPipeline } from './steps.ts';
import type { RuntimeChatbot, StepTrace } from './turn-state.ts';

export interface PreviewResult {
  replies: BotMessage[];
  matched: { commandId: number; score: number } | null;
  /** the bank a new sender would hold after this message */
  sender_bank: SenderBank;
  trace: StepTrace[];
  /** the language the runtime chose for the message among the bot's */
  lang: Lang;
  /** the NLU's reading in that language, when a step asked for one (not for a postback) */
  understanding: Understanding | null;
}

export const PREVIEW_PLATFORM = 'debug';

/** The owner's chatbot as stored, without creating it. */
async function chatbotForPreview(db: Database, userId: number): Promise<RuntimeChatbot> {
  const row = await findChatbotByOwner(db, userId);
  return { ...(row ? settingsOfRow(row) : defaultChatbotSettings()), user_id: userId };
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
  return {
    replies: turn.replies,
    matched: turn.matched,
    sender_bank: turn.bank,
    trace: turn.trace,
    lang: turn.lang,
    understanding: turn.understanding,
  };
}
