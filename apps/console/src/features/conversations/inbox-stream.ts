import { API_BASE } from '../../lib/api-client.ts';
import { getToken } from '../../lib/auth-token.ts';
import {
  createEventStreamParser,
  STREAM_RETRY_MS,
  type StreamEvent,
} from '../subscriptions/notification-stream.ts';

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

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function readOnce(onEvent: (event: InboxEvent) => void, signal: AbortSignal) {
  const headers = new Headers({ Accept: 'text/event-stream' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`${API_BASE}/stream_fetch/inbox`, { headers, signal });
  if (response.status === 401 || response.status === 404) return 'stop';
  if (!response.ok || !response.body) return 'retry';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const push = createEventStreamParser();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return 'retry';
    for (const event of push(decoder.decode(value, { stream: true }))) {
      const inboxEvent = inboxEventOf(event);
      if (inboxEvent) onEvent(inboxEvent);
    }
  }
}

/**
 * Follows GET /stream_fetch/inbox until `signal` aborts: fetch with a stream reader, as EventSource cannot send
 * the bearer token. A failed or ended stream is opened again after `retryMs`; a 401 or 404 stops it.
 */
export async function followInboxStream(
  onEvent: (event: InboxEvent) => void,
  signal: AbortSignal,
  retryMs = STREAM_RETRY_MS,
): Promise<void> {
  while (!signal.aborted) {
    try {
      if ((await readOnce(onEvent, signal)) === 'stop') return;
    } catch (error) {
      if (signal.aborted) return;
      console.warn('inbox stream failed', error);
    }
    await wait(retryMs, signal);
  }
}
