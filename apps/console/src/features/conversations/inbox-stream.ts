import { followEventStream, STREAM_RETRY_MS, type StreamEvent } from '../../lib/event-stream.ts';

/** What GET /stream_fetch/inbox reports: a hand-over that started, was answered or ended, or a new turn. */
export type InboxEvent =
  | { type: 'handoff'; senderKey: string; status: 'waiting' | 'active' | 'released' }
  | { type: 'turn'; senderKey: string };

const HANDOFF_STATUSES = new Set(['waiting', 'active', 'released']);

/** The event's meaning, or null for an event this screen does not know (or data that is not its JSON). */
export function inboxEventOf(event: StreamEvent): InboxEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { sender_key: senderKey, status } = data as { sender_key?: unknown; status?: unknown };
  if (typeof senderKey !== 'string') return null;
  if (event.event === 'turn') return { type: 'turn', senderKey };
  if (event.event === 'handoff' && typeof status === 'string' && HANDOFF_STATUSES.has(status))
    return { type: 'handoff', senderKey, status: status as 'waiting' | 'active' | 'released' };
  return null;
}

/**
 * Follows GET /stream_fetch/inbox until `signal` aborts (`followEventStream`: a failed or ended stream is opened
 * again after `retryMs`; a 401 or 404 stops it).
 */
export function followInboxStream(
  onEvent: (event: InboxEvent) => void,
  signal: AbortSignal,
  retryMs = STREAM_RETRY_MS,
): Promise<void> {
  return followEventStream(
    '/stream_fetch/inbox',
    (event) => {
      const inboxEvent = inboxEventOf(event);
      if (inboxEvent) onEvent(inboxEvent);
    },
    signal,
    retryMs,
  );
}
