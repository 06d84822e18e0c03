import { botLanguageOf, botWordsOf, type HandoffView, inboxMessages } from '@hiwar/contracts';
import type { SenderKey } from '../../kernel/sender-key.ts';
import { nowIso } from '../../platform/db/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findChatbotTexts } from '../chatbot/chatbot-repository.ts';
import { findConversation } from '../inbox/conversation-repository.ts';
import { insertNotice } from '../notices/notice-repository.ts';
import { resolveInChatwoot } from './chatwoot-relay.ts';
import {
  type CloseReason,
  closeHandoff,
  extendHandoff,
  findOpenHandoff,
  listExpiredHandoffs,
  type OpenHandoff,
  viewOf,
} from './handoff-repository.ts';
import { readSupportSettings } from './support-settings.ts';

/** GET /conversations/{sender_key}/handoff: the sender's open hand-over, or null. */
export async function handoffOf(db: Database, sender: SenderKey): Promise<HandoffView | null> {
  if (!(await findConversation(db, sender))) throw new AppError('not_found', inboxMessages.senderKeyInvalid);
  const open = await findOpenHandoff(db, sender);
  return open ? viewOf(open) : null;
}

async function requireOpen(db: Database, sender: SenderKey): Promise<OpenHandoff> {
  if (!(await findConversation(db, sender))) throw new AppError('not_found', inboxMessages.senderKeyInvalid);
  const open = await findOpenHandoff(db, sender);
  if (!open) throw new AppError('conflict', inboxMessages.notHandedOver);
  return open;
}

/**
 * POST /conversations/{sender_key}/reply: a person's answer reaches the sender as a notice (the web messenger
 * shows it, a channel relays it) and keeps the hand-over going, now active.
 */
export async function replyToSender(db: Database, sender: SenderKey, text: string): Promise<void> {
  const open = await requireOpen(db, sender);
  const settings = await readSupportSettings(db, sender.userId);
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await insertNotice(trx, sender, { type: 'text', text }, { kind: 'agent_reply', params: [] });
    await extendHandoff(trx, open.id, new Date(now.getTime() + settings.timeoutMs).toISOString(), 'active');
  });
}

/** Ends a hand-over and tells the sender, in their last language, that the bot answers again. */
export async function releaseHandoff(db: Database, open: OpenHandoff, reason: CloseReason): Promise<boolean> {
  const isReleased = await db.transaction().execute(async (trx) => {
    if (!(await closeHandoff(trx, open.id, reason, nowIso()))) return false;
    const conversation = await findConversation(trx, open.sender);
    await insertNotice(trx, open.sender, {
      type: 'text',
      text: botWordsOf(
        await findChatbotTexts(trx, open.sender.userId),
        botLanguageOf(conversation?.last_lang),
      )('handoffReleased'),
    });
    return true;
  });
  // an agent who resolved it in Chatwoot needs no word back
  if (isReleased && reason !== 'agent') {
    await resolveInChatwoot(db, open.sender.userId, open.chatwootConversationId);
  }
  return isReleased;
}

/** POST /conversations/{sender_key}/release: the owner gives the conversation back to the bot. */
export async function releaseByOwner(db: Database, sender: SenderKey): Promise<void> {
  const open = await requireOpen(db, sender);
  await releaseHandoff(db, open, 'owner');
}

/** Gives back every hand-over whose time ran out (each once, whichever process sees it first). */
export async function releaseExpired(db: Database, now: Date): Promise<number> {
  let released = 0;
  for (const open of await listExpiredHandoffs(db, now.toISOString(), 100)) {
    if (await releaseHandoff(db, open, 'timeout')) released += 1;
  }
  return released;
}

/** Looks for expired hand-overs every `everyMs` until stopped. */
export function startHandoffSweeper(
  db: Database,
  options: { everyMs: number; log: { warn(object: unknown, message: string): void } },
): { stop(): Promise<void> } {
  let current: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (current) return;
    current = releaseExpired(db, new Date())
      .catch((error: unknown) => options.log.warn({ err: error }, 'releasing expired hand-overs failed'))
      .finally(() => {
        current = null;
      });
  }, options.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
