import { isoAfter, nowIso } from '../../../platform/db/clock.ts';
import type { Database } from '../../../platform/db/database.ts';
import { fromJson, toJson } from '../../../platform/db/json.ts';
import type { RuntimeTables, TurnActionStatus } from '../runtime-tables.ts';
import type { OutboundAction } from './outbound-actions.ts';

function tablesOf(db: Database) {
  return db.withTables<RuntimeTables>();
}

export interface StoredAction {
  id: number;
  userId: number;
  turnId: number | null;
  action: OutboundAction;
  attempts: number;
}

export interface ActionOutcome {
  id: number;
  status: TurnActionStatus;
  attempts: number;
  lastError: string;
}

/** Queues a turn's actions; call it in the transaction that stores the turn. */
export async function insertActions(
  db: Database,
  userId: number,
  turnId: number,
  actions: readonly OutboundAction[],
): Promise<void> {
  if (actions.length === 0) return;
  await tablesOf(db)
    .insertInto('turn_actions')
    .values(
      actions.map((action) => ({
        user_id: userId,
        turn_id: turnId,
        kind: action.kind,
        payload: toJson(action),
      })),
    )
    .execute();
}

/**
 * Takes up to `limit` due actions for this worker, oldest first. Each is claimed by a conditional update, so
 * two processes never both take one.
 */
export async function claimDueActions(db: Database, now: Date, limit: number): Promise<StoredAction[]> {
  const due = await tablesOf(db)
    .selectFrom('turn_actions')
    .select(['id', 'user_id', 'turn_id', 'payload', 'attempts'])
    .where('status', '=', 'pending')
    .where('next_at', '<=', nowIso(now))
    .orderBy('id')
    .limit(limit)
    .execute();
  const claimed: StoredAction[] = [];
  for (const row of due) {
    const result = await tablesOf(db)
      .updateTable('turn_actions')
      .set({
        status: 'running',
        claimed_at: nowIso(now),
        attempts: row.attempts + 1,
        updated_at: nowIso(now),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) continue;
    claimed.push({
      id: row.id,
      userId: row.user_id,
      turnId: row.turn_id,
      action: fromJson<OutboundAction>(row.payload, { kind: 'mail', to: [], subject: '', text: '' }),
      attempts: row.attempts + 1,
    });
  }
  return claimed;
}

/** Done, failed for good, or pending again at `retryAt` — with the error that stopped it. */
export async function settleAction(
  db: Database,
  id: number,
  outcome: { status: 'done' | 'failed' | 'pending'; error?: string; retryAt?: Date },
): Promise<void> {
  await tablesOf(db)
    .updateTable('turn_actions')
    .set({
      status: outcome.status,
      last_error: (outcome.error ?? '').slice(0, 1000),
      claimed_at: null,
      updated_at: nowIso(),
      ...(outcome.retryAt && { next_at: nowIso(outcome.retryAt) }),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Actions left running by a process that died (claimed longer than `staleAfterMs` ago) are pending again; an
 * action may then run twice, never zero times.
 */
export async function releaseStaleActions(db: Database, now: Date, staleAfterMs: number): Promise<number> {
  const result = await tablesOf(db)
    .updateTable('turn_actions')
    .set({ status: 'pending', claimed_at: null, updated_at: nowIso(now) })
    .where('status', '=', 'running')
    .where('claimed_at', '<', isoAfter(-staleAfterMs, now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What became of a turn's actions (for the conversation log and tests). */
export async function listTurnActions(db: Database, turnId: number): Promise<ActionOutcome[]> {
  const rows = await tablesOf(db)
    .selectFrom('turn_actions')
    .select(['id', 'status', 'attempts', 'last_error'])
    .where('turn_id', '=', turnId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
  }));
}
