import { senderKeyOf, TEST_PLATFORM } from '@hiwar/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import {
  type EventStreamTimings,
  type OpenStreams,
  openEventStream,
} from '../../platform/http/event-stream.ts';
import { listOpenHandoffs } from '../handoff/handoff-repository.ts';

/** how often the owner's conversations are looked at (default 1 s), and the heartbeat (15 s) */
export type InboxStreamTimings = EventStreamTimings;

export const defaultInboxStreamTimings: InboxStreamTimings = { checkMs: 1000, heartbeatMs: 15_000 };

export type OpenInboxStreams = OpenStreams;

/** The senders whose conversation moved since `after` (a turn id), oldest first. */
async function sendersAfter(
  db: Database,
  userId: number,
  after: number,
): Promise<{ key: string; lastTurnId: number }[]> {
  const rows = await db
    .selectFrom('senders')
    .select(['platform', 'sender_id', 'last_turn_id'])
    .where('user_id', '=', userId)
    .where('last_turn_id', '>', after)
    .orderBy('last_turn_id')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    key: row.platform === TEST_PLATFORM ? '' : senderKeyOf(row.platform, row.sender_id),
    lastTurnId: Number(row.last_turn_id),
  }));
}

async function lastTurnIdOf(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('senders')
    .select((eb) => eb.fn.max('last_turn_id').as('last'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/**
 * GET /stream_fetch/inbox: `turn` (`{sender_key}`) when a conversation of the owner's bot moves, and `handoff`
 * (`{sender_key, status}`: waiting, active, released) when a sender is handed over, answered or given back —
 * read from the database every second, so what another server process stores shows too. A `: ping` comment
 * every 15 s keeps proxies from closing an idle stream.
 */
export function streamInbox(
  context: { db: Database; streams: OpenInboxStreams; timings: InboxStreamTimings },
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): void {
  const { db } = context;
  let seenTurn: number | null = null;
  let handoffs: Map<string, string> | null = null;
  openEventStream(request, reply, {
    streams: context.streams,
    timings: context.timings,
    failure: 'inbox stream check failed',
    async check(write) {
      if (seenTurn === null || handoffs === null) {
        seenTurn = await lastTurnIdOf(db, userId);
        handoffs = await listOpenHandoffs(db, userId);
        write(': connected\n\n');
        return;
      }
      for (const moved of await sendersAfter(db, userId, seenTurn)) {
        seenTurn = Math.max(seenTurn, moved.lastTurnId);
        if (moved.key !== '') write(`event: turn\ndata: ${JSON.stringify({ sender_key: moved.key })}\n\n`);
      }
      const now = await listOpenHandoffs(db, userId);
      for (const [key, status] of now) {
        if (handoffs.get(key) !== status) {
          write(`event: handoff\ndata: ${JSON.stringify({ sender_key: key, status })}\n\n`);
        }
      }
      for (const key of handoffs.keys()) {
        if (!now.has(key)) {
          write(`event: handoff\ndata: ${JSON.stringify({ sender_key: key, status: 'released' })}\n\n`);
        }
      }
      handoffs = now;
    },
  });
}
