import { type HandoffView, senderKeyOf, TEST_PLATFORM } from '@hiwar/contracts';
import type { SenderKey } from '../../kernel/sender-key.ts';
import type { Database } from '../../platform/db/database.ts';
import { isoOf } from '../inbox/conversation-repository.ts';
import type { HandoffStatus, InboxTables } from '../inbox/inbox-tables.ts';

function tablesOf(db: Database) {
  return db.withTables<InboxTables>();
}

export interface OpenHandoff {
  id: number;
  sender: SenderKey;
  status: Exclude<HandoffStatus, 'closed'>;
  departmentId: number | null;
  departmentName: string | null;
  chatwootConversationId: number | null;
  startedAt: string;
  expiresAt: string;
}

const COLUMNS = [
  'id',
  'user_id',
  'platform',
  'sender_id',
  'status',
  'department_id',
  'department_name',
  'chatwoot_conversation_id',
  'started_at',
  'expires_at',
] as const;

function openOf(row: {
  id: number;
  user_id: number;
  platform: string;
  sender_id: string;
  status: HandoffStatus;
  department_id: number | null;
  department_name: string | null;
  chatwoot_conversation_id: number | null;
  started_at: unknown;
  expires_at: unknown;
}): OpenHandoff {
  return {
    id: Number(row.id),
    sender: { userId: Number(row.user_id), platform: row.platform, senderId: row.sender_id },
    status: row.status === 'active' ? 'active' : 'waiting',
    departmentId: row.department_id === null ? null : Number(row.department_id),
    departmentName: row.department_name,
    chatwootConversationId:
      row.chatwoot_conversation_id === null ? null : Number(row.chatwoot_conversation_id),
    startedAt: isoOf(row.started_at),
    expiresAt: isoOf(row.expires_at),
  };
}

export function viewOf(handoff: OpenHandoff): HandoffView {
  return {
    status: handoff.status,
    department_id: handoff.departmentId,
    department_name: handoff.departmentName,
    started_at: handoff.startedAt,
    expires_at: handoff.expiresAt,
    chatwoot_conversation_id: handoff.chatwootConversationId,
  };
}

/** The sender's open hand-over (at most one: a partial unique index), or null. */
export async function findOpenHandoff(db: Database, sender: SenderKey): Promise<OpenHandoff | null> {
  const row = await tablesOf(db)
    .selectFrom('handoffs')
    .select([...COLUMNS])
    .where('user_id', '=', sender.userId)
    .where('platform', '=', sender.platform)
    .where('sender_id', '=', sender.senderId)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
  return row ? openOf(row) : null;
}

export async function findOpenHandoffByChatwoot(
  db: Database,
  userId: number,
  conversationId: number,
): Promise<OpenHandoff | null> {
  const row = await tablesOf(db)
    .selectFrom('handoffs')
    .select([...COLUMNS])
    .where('user_id', '=', userId)
    .where('chatwoot_conversation_id', '=', conversationId)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
  return row ? openOf(row) : null;
}

/**
 * Hands the sender over (one open hand-over per sender: an open one takes the new department and expiry and
 * waits again). Call it in the transaction that stores the turn.
 */
export async function openHandoff(
  db: Database,
  sender: SenderKey,
  department: { id: number | null; name: string | null },
  at: string,
  expiresAt: string,
): Promise<number> {
  const open = await findOpenHandoff(db, sender);
  if (open) {
    await tablesOf(db)
      .updateTable('handoffs')
      .set({ department_id: department.id, department_name: department.name, expires_at: expiresAt })
      .where('id', '=', open.id)
      .execute();
    return open.id;
  }
  const row = await tablesOf(db)
    .insertInto('handoffs')
    .values({
      user_id: sender.userId,
      platform: sender.platform,
      sender_id: sender.senderId,
      department_id: department.id,
      department_name: department.name,
      started_at: at,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Keeps an open hand-over going (the sender or a person wrote); `status` active once a person answered. */
export async function extendHandoff(
  db: Database,
  id: number,
  expiresAt: string,
  status?: 'active',
): Promise<void> {
  await tablesOf(db)
    .updateTable('handoffs')
    .set({ expires_at: expiresAt, ...(status && { status }) })
    .where('id', '=', id)
    .where('status', '<>', 'closed')
    .execute();
}

/**
 * Records that an agent's Chatwoot message was passed on to the hand-over's sender; false when it had been
 * already (Chatwoot posted the webhook again), so the caller passes it on once.
 */
export async function recordChatwootDelivery(
  db: Database,
  handoffId: number,
  messageId: number,
): Promise<boolean> {
  const inserted = await tablesOf(db)
    .insertInto('chatwoot_deliveries')
    .values({ handoff_id: handoffId, message_id: messageId })
    .onConflict((conflict) => conflict.columns(['handoff_id', 'message_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setChatwootConversation(
  db: Database,
  id: number,
  conversationId: number,
): Promise<void> {
  await tablesOf(db)
    .updateTable('handoffs')
    .set({ chatwoot_conversation_id: conversationId })
    .where('id', '=', id)
    .execute();
}

export type CloseReason = 'sender' | 'owner' | 'timeout' | 'agent' | 'bot';

/** Closes an open hand-over; false when it was already closed (by another process, a timeout, the owner). */
export async function closeHandoff(
  db: Database,
  id: number,
  reason: CloseReason,
  at: string,
): Promise<boolean> {
  const result = await tablesOf(db)
    .updateTable('handoffs')
    .set({ status: 'closed', closed_at: at, closed_reason: reason })
    .where('id', '=', id)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Open hand-overs whose time ran out, oldest first. */
export async function listExpiredHandoffs(db: Database, now: string, limit: number): Promise<OpenHandoff[]> {
  const rows = await tablesOf(db)
    .selectFrom('handoffs')
    .select([...COLUMNS])
    .where('status', 'in', ['waiting', 'active'])
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map(openOf);
}

/** The owner's open hand-overs by sender key (the inbox stream compares them between looks). */
export async function listOpenHandoffs(db: Database, userId: number): Promise<Map<string, HandoffStatus>> {
  const rows = await tablesOf(db)
    .selectFrom('handoffs')
    .select(['platform', 'sender_id', 'status'])
    .where('user_id', '=', userId)
    .where('status', '<>', 'closed')
    .where('platform', '<>', TEST_PLATFORM)
    .execute();
  return new Map(rows.map((row) => [senderKeyOf(row.platform, row.sender_id), row.status]));
}

export async function countWaitingHandoffs(db: Database, userId: number): Promise<number> {
  const row = await tablesOf(db)
    .selectFrom('handoffs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'waiting')
    .where('platform', '<>', TEST_PLATFORM)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A hand-over of the sender by id whatever its status, or (id null) the sender's open one. */
export async function findHandoffById(
  db: Database,
  userId: number,
  id: number | null,
  sender: SenderKey,
): Promise<OpenHandoff | null> {
  if (id === null) return findOpenHandoff(db, sender);
  const row = await tablesOf(db)
    .selectFrom('handoffs')
    .select([...COLUMNS])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? openOf(row) : null;
}
