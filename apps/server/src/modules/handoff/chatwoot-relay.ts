import { senderKeyOf } from '@hiwar/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Database } from '../../platform/db/database.ts';
import type { OutboundHttp } from '../../platform/net/outbound-http.ts';
import { departmentNameKey } from '../departments/department-repository.ts';
import type { SenderKey } from '../runtime/sender-key.ts';
import { KeyedQueue } from '../runtime/sender-queue.ts';
import { appendTurnTrace } from '../runtime/turn-repository.ts';
import { parseChatwootEndpoint } from './chatwoot/chatwoot-account.ts';
import { type ChatwootClient, createChatwootClient } from './chatwoot/chatwoot-client.ts';
import { findHandoffById, setChatwootConversation } from './handoff-repository.ts';
import type { HandoffWrite } from './handoff-writes.ts';
import { readSupportSettings } from './support-settings.ts';

/** What the relay needs from the process: the outbound client (the guard) and the secret box (the token). */
export interface HandoffServices {
  http: OutboundHttp;
  secrets: SecretBox;
  log: { warn(object: unknown, message: string): void };
}

const services = new WeakMap<Database, HandoffServices>();

export function setHandoffServices(db: Database, value: HandoffServices | null): void {
  if (value) services.set(db, value);
  else services.delete(db);
}

/** The owner's Chatwoot client when the customer-support endpoint is set (and this process can call out). */
export async function chatwootClientOf(db: Database, userId: number): Promise<ChatwootClient | null> {
  const process = services.get(db);
  if (!process) return null;
  const settings = await readSupportSettings(db, userId);
  const account = parseChatwootEndpoint(settings.endpoint);
  if (!account) return null;
  return createChatwootClient({
    account,
    accessToken: process.secrets.decrypt(settings.encryptedToken),
    http: process.http,
  });
}

/** The Chatwoot team whose name is the department's (case and surrounding spaces aside), if any. */
async function teamNamed(client: ChatwootClient, name: string | null): Promise<number | null> {
  if (!name) return null;
  const wanted = departmentNameKey(name);
  const team = (await client.listTeams()).find((candidate) => departmentNameKey(candidate.name) === wanted);
  return team?.id ?? null;
}

/** One sender's relays run in order (the conversation must exist before its messages are posted). */
const queue = new KeyedQueue();

export interface TurnRelay {
  sender: SenderKey & { name?: string };
  turnId: number;
  /** the sender's message as agents read it; '' when there is none (a button without a label) */
  text: string;
  writes: readonly HandoffWrite[];
}

async function relay(db: Database, client: ChatwootClient, input: TurnRelay): Promise<string[]> {
  const notes: string[] = [];
  for (const write of input.writes) {
    if (write.kind === 'open') {
      const handoff = await findHandoffById(db, input.sender.userId, null, input.sender);
      if (!handoff || handoff.chatwootConversationId !== null) continue;
      const teamId = await teamNamed(client, handoff.departmentName);
      const opened = await client.openConversation({
        identifier: senderKeyOf(input.sender.platform, input.sender.senderId),
        name: input.sender.name || senderKeyOf(input.sender.platform, input.sender.senderId),
        teamId,
      });
      await setChatwootConversation(db, handoff.id, opened.conversationId);
      if (input.text !== '') await client.postIncoming(opened.conversationId, input.text);
      notes.push(
        `Chatwoot conversation ${opened.conversationId}${teamId === null ? '' : ` (team ${teamId})`}`,
      );
    } else if (write.kind === 'extend') {
      const handoff = await findHandoffById(db, input.sender.userId, write.handoffId, input.sender);
      if (handoff?.chatwootConversationId == null || input.text === '') continue;
      await client.postIncoming(handoff.chatwootConversationId, input.text);
      notes.push(`posted to Chatwoot conversation ${handoff.chatwootConversationId}`);
    } else if (write.handoffId !== null) {
      const handoff = await findHandoffById(db, input.sender.userId, write.handoffId, input.sender);
      if (handoff?.chatwootConversationId == null) continue;
      await client.resolve(handoff.chatwootConversationId);
      notes.push(`Chatwoot conversation ${handoff.chatwootConversationId} resolved`);
    }
  }
  return notes;
}

/**
 * After a turn that opened, kept or closed a hand-over is stored: when the owner's support endpoint is a
 * Chatwoot inbox, the conversation is opened there (with the department's team), the sender's messages are
 * posted to it and it is resolved when the bot takes over again. What happened — or why it failed — is added to
 * the turn's trace; a failure leaves the hand-over open in the console, where the owner can still answer.
 */
export function relayTurnToChatwoot(db: Database, input: TurnRelay): void {
  if (input.writes.length === 0 || !services.has(db)) return;
  const key = senderKeyOf(input.sender.platform, `${input.sender.userId}:${input.sender.senderId}`);
  void queue.run(key, async () => {
    try {
      const client = await chatwootClientOf(db, input.sender.userId);
      if (!client) return;
      const notes = await relay(db, client, input);
      if (notes.length > 0)
        await appendTurnTrace(db, input.turnId, { step: 'chatwoot', note: notes.join('; '), ms: 0 });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      services
        .get(db)
        ?.log.warn({ err: error, turnId: input.turnId }, 'the hand-over could not be relayed to Chatwoot');
      await appendTurnTrace(db, input.turnId, { step: 'chatwoot', note: `failed: ${reason}`, ms: 0 }).catch(
        () => undefined,
      );
    }
  });
}

/** Resolves the Chatwoot conversation of a hand-over the owner or the timeout ended (best effort, logged). */
export async function resolveInChatwoot(
  db: Database,
  userId: number,
  conversationId: number | null,
): Promise<void> {
  if (conversationId === null) return;
  try {
    const client = await chatwootClientOf(db, userId);
    await client?.resolve(conversationId);
  } catch (error) {
    services
      .get(db)
      ?.log.warn({ err: error, conversationId }, 'the Chatwoot conversation could not be resolved');
  }
}
