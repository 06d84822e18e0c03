import type { Selectable } from 'kysely';
import { nowIso } from '../platform/db/clock.ts';
import type { Database } from '../platform/db/database.ts';
import { fromJson, toJson } from '../platform/db/json.ts';
import type { ChannelTables, ChannelUpdatesTable, ConnectionStatus } from './channel-tables.ts';

type UpdateRow = Selectable<ChannelUpdatesTable>;

function tablesOf(db: Database) {
  return db.withTables<ChannelTables>();
}

export interface NewUpdate {
  userId: number;
  channel: string;
  externalId: string;
  senderId: string;
  payload: unknown;
}

export interface StoredUpdate {
  id: number;
  userId: number;
  channel: string;
  externalId: string;
  senderId: string;
  payload: unknown;
  attempts: number;
  /** the turn that answered it: set in that turn's transaction */
  turnId: number | null;
}

function updateOf(row: UpdateRow): StoredUpdate {
  return {
    id: row.id,
    userId: row.user_id,
    channel: row.channel,
    externalId: row.external_id,
    senderId: row.sender_id,
    payload: fromJson<unknown>(row.payload, null),
    attempts: row.attempts,
    turnId: row.turn_id,
  };
}

/** Marks the update answered by the turn; called in the transaction that stores the turn. */
export async function markAnswered(db: Database, updateId: number, turnId: number): Promise<void> {
  await tablesOf(db)
    .updateTable('channel_updates')
    .set({ turn_id: turnId })
    .where('id', '=', updateId)
    .execute();
}

/**
 * Stores a delivered update once: a redelivery (the same external id) changes nothing. Answers whether it was
 * new. The webhook acknowledges only after this resolved.
 */
export async function storeUpdate(db: Database, update: NewUpdate): Promise<boolean> {
  const result = await tablesOf(db)
    .insertInto('channel_updates')
    .values({
      user_id: update.userId,
      channel: update.channel,
      external_id: update.externalId,
      sender_id: update.senderId,
      payload: toJson(update.payload),
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'channel', 'external_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Claims up to `limit` updates for this worker: for each sender with pending updates and none running, its
 * oldest — so a sender's updates are processed one at a time, in the order they arrived. Each claim is a
 * conditional update: two workers never take the same update.
 */
export async function claimUpdates(db: Database, workerId: string, limit: number, now = new Date()) {
  const candidates = await tablesOf(db)
    .selectFrom('channel_updates as u')
    .selectAll('u')
    .where('u.status', '=', 'pending')
    .where(({ eb, not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('channel_updates as earlier')
            .select('earlier.id')
            .whereRef('earlier.user_id', '=', 'u.user_id')
            .whereRef('earlier.channel', '=', 'u.channel')
            .whereRef('earlier.sender_id', '=', 'u.sender_id')
            .where((inner) =>
              inner.or([
                inner('earlier.status', '=', 'running'),
                inner.and([
                  inner('earlier.status', '=', 'pending'),
                  inner('earlier.id', '<', eb.ref('u.id')),
                ]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('u.id')
    .limit(limit)
    .execute();
  const claimed: StoredUpdate[] = [];
  for (const row of candidates) {
    const result = await tablesOf(db)
      .updateTable('channel_updates')
      .set({ status: 'running', claimed_by: workerId, claimed_at: nowIso(now), attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push(updateOf({ ...row, attempts: row.attempts + 1 }));
  }
  return claimed;
}

export async function settleUpdate(
  db: Database,
  id: number,
  outcome: { status: 'done' | 'failed' | 'pending'; turnId?: number | null; error?: string | null },
): Promise<void> {
  await tablesOf(db)
    .updateTable('channel_updates')
    .set({
      status: outcome.status,
      ...(outcome.turnId !== undefined && { turn_id: outcome.turnId }),
      error: outcome.error ?? null,
      settled_at: outcome.status === 'pending' ? null : nowIso(),
      claimed_by: null,
    })
    .where('id', '=', id)
    .execute();
}

/** Updates left running by a worker that is gone (or stale): back to pending, to be processed again. */
export async function listRunningHolders(db: Database): Promise<{ holder: string; oldest: string }[]> {
  const rows = await tablesOf(db)
    .selectFrom('channel_updates')
    .select(['claimed_by', (eb) => eb.fn.min('claimed_at').as('oldest')])
    .where('status', '=', 'running')
    .where('claimed_by', 'is not', null)
    .groupBy('claimed_by')
    .execute();
  return rows.map((row) => ({ holder: row.claimed_by ?? '', oldest: String(row.oldest ?? '') }));
}

export async function releaseHolder(db: Database, holder: string): Promise<number> {
  const result = await tablesOf(db)
    .updateTable('channel_updates')
    .set({ status: 'pending', claimed_by: null, claimed_at: null })
    .where('status', '=', 'running')
    .where('claimed_by', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Stores button payloads by the short keys a platform carries (an existing key keeps its payload). */
export async function storePayloads(
  db: Database,
  userId: number,
  channel: string,
  payloads: ReadonlyMap<string, string>,
): Promise<void> {
  if (payloads.size === 0) return;
  await tablesOf(db)
    .insertInto('channel_payloads')
    .values([...payloads].map(([key, payload]) => ({ user_id: userId, channel, payload_key: key, payload })))
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'channel', 'payload_key']).doUpdateSet((eb) => ({
        payload: eb.ref('excluded.payload'),
        created_at: nowIso(),
      })),
    )
    .execute();
}

export async function findPayload(
  db: Database,
  userId: number,
  channel: string,
  key: string,
): Promise<string | null> {
  const row = await tablesOf(db)
    .selectFrom('channel_payloads')
    .select('payload')
    .where('user_id', '=', userId)
    .where('channel', '=', channel)
    .where('payload_key', '=', key)
    .executeTakeFirst();
  return row?.payload ?? null;
}

export interface ConnectionState {
  status: ConnectionStatus;
  reason: string;
  account: string;
  webhookUrl: string;
  updatedAt: string;
}

export async function saveConnection(
  db: Database,
  userId: number,
  channel: string,
  state: Omit<ConnectionState, 'updatedAt'>,
): Promise<void> {
  const values = {
    status: state.status,
    reason: state.reason,
    account: state.account,
    webhook_url: state.webhookUrl,
    updated_at: nowIso(),
  };
  await tablesOf(db)
    .insertInto('channel_connections')
    .values({ user_id: userId, channel, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'channel']).doUpdateSet(values))
    .execute();
}

export async function listConnections(
  db: Database,
  userId: number,
): Promise<Record<string, ConnectionState>> {
  const rows = await tablesOf(db)
    .selectFrom('channel_connections')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  return Object.fromEntries(
    rows.map((row) => [
      row.channel,
      {
        status: row.status,
        reason: row.reason,
        account: row.account,
        webhookUrl: row.webhook_url,
        updatedAt: new Date(row.updated_at).toISOString(),
      },
    ]),
  );
}

/**
 * The owner's accounts on a channel (a Facebook page's id): replaces their routes; an account another owner had
 * moves to this one (the page token now in use is theirs).
 */
export async function saveRoutes(
  db: Database,
  userId: number,
  channel: string,
  accountIds: string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await tablesOf(trx)
      .deleteFrom('channel_routes')
      .where('user_id', '=', userId)
      .where('channel', '=', channel)
      .execute();
    for (const accountId of new Set(accountIds)) {
      await tablesOf(trx)
        .insertInto('channel_routes')
        .values({ channel, account_id: accountId, user_id: userId })
        .onConflict((conflict) =>
          conflict.columns(['channel', 'account_id']).doUpdateSet({ user_id: userId, updated_at: nowIso() }),
        )
        .execute();
    }
  });
}

/** The owner a platform account belongs to, or null. */
export async function findRoute(db: Database, channel: string, accountId: string): Promise<number | null> {
  const row = await tablesOf(db)
    .selectFrom('channel_routes')
    .select('user_id')
    .where('channel', '=', channel)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}
