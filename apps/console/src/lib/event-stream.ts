import { API_BASE } from './api-client.ts';
import { getToken } from './auth-token.ts';

/** How long to wait before connecting again after a stream failed or ended. */
export const STREAM_RETRY_MS = 3000;

export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Reads `text/event-stream` text as it arrives: `push` a chunk, get the events it completed. Comment lines
 * (`: ping`) and events without data are dropped; several `data:` lines join with a newline.
 */
export function createEventStreamParser() {
  let buffer = '';
  return function push(chunk: string): StreamEvent[] {
    buffer += chunk;
    const blocks = buffer.split(/\r?\n\r?\n/);
    buffer = blocks.pop() ?? '';
    const events: StreamEvent[] = [];
    for (const block of blocks) {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    return events;
  };
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

async function readOnce(path: string, onEvent: (event: StreamEvent) => void, signal: AbortSignal) {
  const headers = new Headers({ Accept: 'text/event-stream' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`${API_BASE}${path}`, { headers, signal });
  if (response.status === 401 || response.status === 404) return 'stop';
  if (!response.ok || !response.body) return 'retry';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const push = createEventStreamParser();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return 'retry';
    for (const event of push(decoder.decode(value, { stream: true }))) onEvent(event);
  }
}

/**
 * Follows a server-sent event stream of the API (`path` under the API base) until `signal` aborts. EventSource
 * cannot send the bearer token, so this is fetch with a stream reader; a failed or ended stream is opened again
 * after `retryMs`. A 401 or 404 stops it.
 */
export async function followEventStream(
  path: string,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
  retryMs = STREAM_RETRY_MS,
): Promise<void> {
  while (!signal.aborted) {
    try {
      if ((await readOnce(path, onEvent, signal)) === 'stop') return;
    } catch (error) {
      if (signal.aborted) return;
      console.warn(`the stream ${path} failed`, error);
    }
    await wait(retryMs, signal);
  }
}
