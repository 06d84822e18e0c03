import { senderKeyOf } from '@hiwar/contracts';
import type { SenderKey } from '../../kernel/sender-key.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Database } from '../../platform/db/database.ts';
import { errorText } from '../../platform/error-text.ts';
import type { OutboundHttp } from '../../platform/net/outbound-http.ts';
import { departmentNameKey } from '../departments/department-repository.ts';
import { KeyedQueue } from '../runtime/sender-queue.ts';
import { appendTurnTrace } from '../runtime/turn-repository.ts';
import { parseChatwootEndpoint } from './chatwoot/chatwoot-account.ts';
import { type ChatwootClient, createChatwootClient } from './chatwoot/chatwoot-client.ts';
import { ChatwootError } from './chatwoot/chatwoot-error.ts';
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

/**
 * Waits before the second, third and fourth try of a Chatwoot call that failed for a reason that passes (a 429,
 * a 5xx, no answer): a few seconds of Chatwoot restarting or rate-limiting should not lose a sender's message.
 * A Retry-After is honoured up to MAX_RETRY_AFTER_S. Other failures (401, 404, 422) would fail again.
 */
const RETRY_DELAYS_MS = [250, 1_000, 4_000];
const MAX_RETRY_AFTER_S = 30;

function isPassing(error: unknown): error is ChatwootError {
  if (!(error instanceof ChatwootError)) return false;
  if (error.reason === 'http') return error.status === 429 || error.status >= 500;
  return error.reason === 'timeout' || error.reason === 'network' || error.reason === 'refused';
}

/** A Chatwoot call, tried again after a failure that passes; notes each retry in `notes`. */
async function withRetry<T>(call: () => Promise<T>, notes: string[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isPassing(error)) throw error;
      const waitMs =
        error.retryAfter === undefined ? delay : Math.min(error.retryAfter, MAX_RETRY_AFTER_S) * 1000;
      notes.push(`retried after ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/** The Chatwoot team whose name is the department's (case and surrounding spaces aside), if any. */
async function teamNamed(
  client: ChatwootClient,
  name: string | null,
  notes: string[],
): Promise<number | null> {
  if (!name) return null;
  const wanted = departmentNameKey(name);
  const teams = await withRetry(() => client.listTeams(), notes);
  const team = teams.find((candidate) => departmentNameKey(candidate.name) === wanted);
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

async function relay(db: Database, client: ChatwootClient, input: TurnRelay, notes: string[]): Promise<void> {
  for (const write of input.writes) {
    if (write.kind === 'open') {
      const handoff = await findHandoffById(db, input.sender.userId, null, input.sender);
      if (!handoff || handoff.chatwootConversationId !== null) continue;
      const teamId = await teamNamed(client, handoff.departmentName, notes);
      const opened = await withRetry(
        () =>
          client.openConversation({
            identifier: senderKeyOf(input.sender.platform, input.sender.senderId),
            name: input.sender.name || senderKeyOf(input.sender.platform, input.sender.senderId),
            teamId,
          }),
        notes,
      );
      await setChatwootConversation(db, handoff.id, opened.conversationId);
      if (input.text !== '')
        await withRetry(() => client.postIncoming(opened.conversationId, input.text), notes);
      notes.push(
        `Chatwoot conversation ${opened.conversationId}${teamId === null ? '' : ` (team ${teamId})`}`,
      );
    } else if (write.kind === 'extend') {
      const handoff = await findHandoffById(db, input.sender.userId, write.handoffId, input.sender);
      const conversationId = handoff?.chatwootConversationId;
      if (conversationId == null || input.text === '') continue;
      await withRetry(() => client.postIncoming(conversationId, input.text), notes);
      notes.push(`posted to Chatwoot conversation ${conversationId}`);
    } else if (write.handoffId !== null) {
      const handoff = await findHandoffById(db, input.sender.userId, write.handoffId, input.sender);
      const conversationId = handoff?.chatwootConversationId;
      if (conversationId == null) continue;
      await withRetry(() => client.resolve(conversationId), notes);
      notes.push(`Chatwoot conversation ${conversationId} resolved`);
    }
  }
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
    const notes: string[] = [];
    try {
      const client = await chatwootClientOf(db, input.sender.userId);
      if (!client) return;
      await relay(db, client, input, notes);
      if (notes.length > 0)
        await appendTurnTrace(db, input.turnId, { step: 'chatwoot', note: notes.join('; '), ms: 0 });
    } catch (error) {
      const reason = errorText(error);
      services
        .get(db)
        ?.log.warn({ err: error, turnId: input.turnId }, 'the hand-over could not be relayed to Chatwoot');
      const note = [...notes, `failed: ${reason}`].join('; ');
      await appendTurnTrace(db, input.turnId, { step: 'chatwoot', note, ms: 0 }).catch(() => undefined);
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
