import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchDatabase } from '../broadcast/bench-database.ts';
import { type LatencySummary, summarizeLatencies } from '../chat/load-pacing.ts';

/** What `channel_updates` says about a run's updates once the inbox is drained (read by the bench directly). */
export interface InboxChecks {
  /** rows of the run's chats by status */
  statuses: Record<string, number>;
  rows: number;
  distinctUpdateIds: number;
  /** done rows without a turn */
  withoutTurn: number;
  /** created → (last) claimed: the time an update waited in the inbox */
  inboxWait: LatencySummary;
  /** claimed → settled: the turn and the sendMessage */
  processing: LatencySummary;
  /** how long the bench waited after the load for nothing pending or running */
  drainMs: number;
}

const msOf = (value: unknown) => new Date(value as string).getTime();

/** Waits (≤ 60 s) until the run's updates are neither pending nor running, then reads them. */
export async function checkInbox(db: BenchDatabase, chatBase: number): Promise<InboxChecks> {
  const started = Date.now();
  const open = async () =>
    Number(
      (
        await db.query(
          "select count(*) as n from channel_updates where status in ('pending', 'running') and cast(sender_id as bigint) >= ?",
          [chatBase],
        )
      )[0]?.n ?? 0,
    );
  while ((await open()) > 0 && Date.now() - started < 60_000) await sleep(200);
  const drainMs = Date.now() - started;
  const rows = await db.query(
    'select external_id, status, turn_id, created_at, claimed_at, settled_at from channel_updates where cast(sender_id as bigint) >= ?',
    [chatBase],
  );
  const statuses: Record<string, number> = {};
  const inboxWait: number[] = [];
  const processing: number[] = [];
  let withoutTurn = 0;
  for (const row of rows) {
    statuses[row.status] = (statuses[row.status] ?? 0) + 1;
    if (row.status === 'done' && row.turn_id === null) withoutTurn += 1;
    if (row.claimed_at && row.settled_at) {
      inboxWait.push(msOf(row.claimed_at) - msOf(row.created_at));
      processing.push(msOf(row.settled_at) - msOf(row.claimed_at));
    }
  }
  return {
    statuses,
    rows: rows.length,
    distinctUpdateIds: new Set(rows.map((row) => String(row.external_id))).size,
    withoutTurn,
    inboxWait: summarizeLatencies(inboxWait),
    processing: summarizeLatencies(processing),
    drainMs,
  };
}
