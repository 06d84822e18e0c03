import type {
  IncomingEvent,
  WidgetHistoryResponse,
  WidgetMessageResponse,
  WidgetNewSenderResponse,
  WidgetNotice,
  WidgetNoticesResponse,
  WidgetSettings,
  WidgetSettingsResponse,
  WidgetTranscribeResponse,
  WidgetTurn,
} from '@hiwar/contracts';

export type MessengerSettings = WidgetSettings;

/** Who the messenger speaks for: the sender id and, under identity verification, its sender_hash. */
export interface SenderIdentity {
  id: number;
  hash?: string;
}

/** A reloaded conversation: its last turns and the notices left among them, each oldest first. */
export interface WidgetHistory {
  turns: WidgetTurn[];
  notices: WidgetNotice[];
}

/** A failed call. Network failures, 5xx and 429 are worth retrying; any other answer is final. */
export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }

  get isRetryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

export interface ApiClient {
  settings(): Promise<MessengerSettings>;
  /** the last turns and the notices left among them */
  history(sender: SenderIdentity): Promise<WidgetHistory>;
  send(sender: SenderIdentity, event: IncomingEvent, locale: string): Promise<WidgetMessageResponse>;
  validateSender(senderId: number): Promise<boolean>;
  /** a new sender id drawn and, under identity verification, signed by the server */
  drawSender(): Promise<SenderIdentity>;
  /** a recording to text by the speech provider the owner configured (where the browser recognises none) */
  transcribe(sender: SenderIdentity, audio: Blob): Promise<WidgetTranscribeResponse>;
  /**
   * bot messages left for the sender after the notice id `after` (an order confirmed, a person's reply), and
   * whether a person is answering the sender now
   */
  notices?(sender: SenderIdentity, after: number): Promise<{ notices: WidgetNotice[]; handoff: boolean }>;
}

export type FetchFunction = (url: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** the messenger's own directory, e.g. https://bots.example.com/widget/ (the API is under api/) */
  widgetBase: string;
  bot: string;
  fetch?: FetchFunction;
}

async function readFailure(answer: Response): Promise<string> {
  try {
    const body = (await answer.json()) as { msg?: unknown };
    if (typeof body.msg === 'string') return body.msg;
  } catch {
    // not JSON: fall back to the status text
  }
  return answer.statusText || `HTTP ${answer.status}`;
}

/** One JSON call without cookies or caching; any failure becomes an ApiError. */
export async function fetchJson<T>(fetchFn: FetchFunction, url: URL, init?: RequestInit): Promise<T> {
  let answer: Response;
  try {
    answer = await fetchFn(url.href, { ...init, credentials: 'omit', cache: 'no-store' });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'network error', 0);
  }
  if (!answer.ok) throw new ApiError(await readFailure(answer), answer.status);
  return (await answer.json()) as T;
}

export const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The calls of the web messenger API (/widget/api/{bot}/…) and /api/validate-sender, on the Hiwar origin. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchFn: FetchFunction = options.fetch ?? globalThis.fetch.bind(globalThis);
  const botBase = new URL(`api/${encodeURIComponent(options.bot)}/`, options.widgetBase);
  const serverBase = new URL('../', options.widgetBase);
  const call = <T>(url: URL, init?: RequestInit) => fetchJson<T>(fetchFn, url, init);
  const senderUrl = (path: string, sender: SenderIdentity) => {
    const url = new URL(path, botBase);
    url.searchParams.set('sender_id', String(sender.id));
    if (sender.hash) url.searchParams.set('sender_hash', sender.hash);
    return url;
  };

  return {
    async settings() {
      const answer = await call<WidgetSettingsResponse>(new URL('settings', botBase));
      return answer.data;
    },
    async history(sender) {
      const answer = await call<WidgetHistoryResponse>(senderUrl('history', sender));
      return { turns: answer.data, notices: answer.notices ?? [] };
    },
    async notices(sender, after) {
      const url = senderUrl('notices', sender);
      if (after > 0) url.searchParams.set('after', String(after));
      const answer = await call<WidgetNoticesResponse>(url);
      return { notices: answer.data, handoff: answer.handoff === true };
    },
    send(sender, event, locale) {
      const identity = { sender_id: sender.id, ...(sender.hash && { sender_hash: sender.hash }) };
      return call<WidgetMessageResponse>(
        new URL('messages', botBase),
        postJson({ ...identity, event, locale }),
      );
    },
    transcribe(sender, audio) {
      return call<WidgetTranscribeResponse>(senderUrl('transcribe', sender), {
        method: 'POST',
        headers: { 'content-type': audio.type || 'audio/webm' },
        body: audio,
      });
    },
    async drawSender() {
      const answer = await call<WidgetNewSenderResponse>(new URL('senders', botBase), { method: 'POST' });
      const { sender_id: id, sender_hash: hash } = answer.data;
      return hash ? { id, hash } : { id };
    },
    async validateSender(senderId) {
      try {
        const answer = await call<{ status: number }>(
          new URL('api/validate-sender', serverBase),
          postJson({ id: senderId }),
        );
        return answer.status === 1;
      } catch (error) {
        if (error instanceof ApiError && !error.isRetryable) return false;
        throw error;
      }
    },
  };
}
