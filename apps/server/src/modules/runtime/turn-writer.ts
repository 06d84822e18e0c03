import type { BotMessage } from '@hiwar/contracts';
import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { applyCommerceWrites, type CommerceWrite } from '../commerce/commerce-writes.ts';
import { applyHandoffWrites, type HandoffWrite } from '../handoff/handoff-writes.ts';
import { recordSenderTurns } from '../senders/sender-repository.ts';
import { applySubscriptionWrites, type SubscriptionWrite } from '../subscriptions/subscription-writes.ts';
import { insertActions } from './actions/action-repository.ts';
import type { OutboundAction } from './actions/outbound-actions.ts';
import { applyUserData, type UserDataWrite } from './actions/user-data.ts';
import { saveBank } from './bank-repository.ts';
import { type PreferenceWrite, savePreferences } from './preference-repository.ts';
import type { SenderBank } from './sender-bank.ts';
import { insertTurns, type NewTurn } from './turn-repository.ts';
import { lastTextOf } from './turn-text.ts';

/**
 * What one turn writes: the sender (when new), its bank (when changed), preferences, its response's user data
 * (records of the owner's dataset), the turn itself and its response's actions (sent once it is stored).
 */
export interface TurnWrite {
  sender: SenderKey & { name?: string; username?: string };
  readVersion: number;
  /** null: the bank is unchanged and is not written */
  bank: SenderBank | null;
  preferences: PreferenceWrite[];
  userData?: UserDataWrite[];
  actions?: OutboundAction[];
  /** the shopping cart's changes (carts, orders) */
  commerce?: CommerceWrite[];
  /** subscription channels joined or left */
  subscriptions?: SubscriptionWrite[];
  /** the hand-over to a person opened, kept going or closed */
  handoffs?: HandoffWrite[];
  /** runs in the transaction that stores the turn, with its id (a channel marks its update answered) */
  afterStored?: (db: Database, turnId: number, replies: readonly BotMessage[]) => Promise<void>;
  turn: NewTurn;
}

/**
 * How long the first turn of a batch waits for others. SQLite's driver holds its one connection for the whole
 * transaction, so other turns cannot even read while a batch commits; without a short gathering window every
 * batch would hold one turn and every message would pay a full fsync.
 */
export const BATCH_WINDOW_MS = 2;

interface Pending {
  write: TurnWrite;
  resolve(turnId: number | null): void;
  reject(error: unknown): void;
}

/**
 * Writes one turn's sender, bank and preferences inside the batch's transaction; false when its bank was changed
 * by another writer (the turn then writes nothing).
 */
async function writeSenderState(db: Database, write: TurnWrite): Promise<boolean> {
  const now = write.turn.createdAt;
  if (write.bank && !(await saveBank(db, write.sender, write.readVersion, write.bank, now))) return false;
  await savePreferences(db, write.sender, write.preferences, now);
  for (const userData of write.userData ?? []) await applyUserData(db, userData);
  await applyCommerceWrites(db, write.sender, write.commerce ?? [], now);
  await applySubscriptionWrites(db, write.sender, write.subscriptions ?? [], now);
  await applyHandoffWrites(db, write.sender, write.handoffs ?? [], now);
  return true;
}

/** Writes a batch in a transaction: each turn's state, then the turns whose bank was current. Ids in batch order. */
async function writeBatch(db: Database, batch: TurnWrite[]): Promise<(number | null)[]> {
  const accepted: TurnWrite[] = [];
  for (const write of batch) if (await writeSenderState(db, write)) accepted.push(write);
  const ids = await insertTurns(db, accepted);
  await recordSenderTurns(
    db,
    accepted.map((write, index) => ({
      ...write.sender,
      turnId: ids[index] ?? 0,
      at: write.turn.createdAt,
      text: lastTextOf(write.turn.event),
      // the conversations list labels a sender by the language they write
      lang: write.turn.senderLang ?? write.turn.lang ?? null,
    })),
  );
  for (const [index, write] of accepted.entries()) {
    const turnId = ids[index];
    if (turnId === undefined) continue;
    await insertActions(db, write.sender.userId, turnId, write.actions ?? []);
    await write.afterStored?.(db, turnId, write.turn.replies);
  }
  const idOf = new Map(accepted.map((write, index) => [write, ids[index] ?? null]));
  return batch.map((write) => idOf.get(write) ?? null);
}

/**
 * Group commit: the turns that become ready while a transaction is being written go together in the next
 * one. Each turn is still acknowledged only after its transaction committed, but a busy server pays one
 * commit (one fsync on SQLite) per batch instead of one per message. A turn whose bank version check fails
 * writes nothing and answers null; the others of its batch are unaffected.
 */
export class TurnWriter {
  #pending: Pending[] = [];
  #isWriting = false;

  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  write(write: TurnWrite): Promise<number | null> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ write, resolve, reject });
      if (this.#isWriting) return;
      this.#isWriting = true;
      setTimeout(() => void this.#drain(), BATCH_WINDOW_MS);
    });
  }

  async #drain(): Promise<void> {
    while (this.#pending.length > 0) {
      const batch = this.#pending;
      this.#pending = [];
      try {
        const writes = batch.map((pending) => pending.write);
        const turnIds = await this.db.transaction().execute((trx) => writeBatch(trx, writes));
        for (const [index, pending] of batch.entries()) pending.resolve(turnIds[index] ?? null);
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    this.#isWriting = false;
  }
}

const writers = new WeakMap<Database, TurnWriter>();

/** One writer per database handle (tests run several servers in one process). */
export function turnWriterOf(db: Database): TurnWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = new TurnWriter(db);
    writers.set(db, writer);
  }
  return writer;
}
