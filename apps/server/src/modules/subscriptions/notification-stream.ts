import { NOTIFICATION_SENT_EVENT } from '@hiwar/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import {
  type EventStreamTimings,
  type OpenStreams,
  openEventStream,
} from '../../platform/http/event-stream.ts';
import {
  findNotifications,
  lastNotificationId,
  listChannelNotifications,
  listNotificationsAfter,
  progressOf,
} from './notification-repository.ts';

/** how often the channel's sends are read (default 500 ms), and the heartbeat (15 s) */
export type NotificationStreamTimings = EventStreamTimings;

export const defaultNotificationStreamTimings: NotificationStreamTimings = {
  checkMs: 500,
  heartbeatMs: 15_000,
};

export type { OpenStreams };

/**
 * GET /stream_fetch/subscription/{channel_id}: a `notification_sent` event with a send's progress each time it
 * moves — for the sends going when the stream opened and every one started while it is open, even one that
 * finished between two looks — read from the
 * database, so a send another server process delivers shows too. A send's last event is the one that says
 * `done`. A `: ping` comment every 15 s keeps proxies from closing an idle stream.
 */
export function streamChannelNotifications(
  context: { db: Database; streams: OpenStreams; timings: NotificationStreamTimings },
  request: FastifyRequest,
  reply: FastifyReply,
  channelId: number,
): void {
  const { db } = context;
  const lastSent = new Map<number, string>();
  const following = new Set<number>();
  // sends started after the stream opened are followed even if one finished between two looks
  let seenUpTo: number | null = null;
  let isFirst = true;
  openEventStream(request, reply, {
    streams: context.streams,
    timings: context.timings,
    failure: 'notification progress check failed',
    async check(write) {
      // on connecting: the channel's sends going now; then every send started since, and those followed until done
      if (seenUpTo === null) {
        seenUpTo = await lastNotificationId(db, channelId);
        for (const row of await listChannelNotifications(db, channelId, 0)) following.add(row.id);
      }
      for (const row of await listNotificationsAfter(db, channelId, seenUpTo)) {
        following.add(row.id);
        seenUpTo = Math.max(seenUpTo, row.id);
      }
      const rows = await findNotifications(db, [...following]);
      for (const row of rows) {
        const progress = progressOf(row);
        const data = JSON.stringify(progress);
        if (lastSent.get(row.id) !== data) {
          write(`event: ${NOTIFICATION_SENT_EVENT}\ndata: ${data}\n\n`);
          lastSent.set(row.id, data);
        }
        if (progress.status === 'done') following.delete(row.id);
      }
      if (isFirst) write(': connected\n\n');
      isFirst = false;
    },
  });
}
