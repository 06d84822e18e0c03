import type { OutboundErrorReason } from '../../../platform/net/outbound-error.ts';

/**
 * Why a call to an owner's Chatwoot failed. `reason` is for logic: `http` when Chatwoot answered with an error
 * status (`status`, and its own words in `chatwootMessage`), `bad_response` when a success could not be read,
 * otherwise the outbound client's reason for getting no answer at all (`refused`, `timeout`, `network`…, with
 * `status` 0). The message is safe to show the owner: no stack, no token, no socket error text.
 */
export type ChatwootErrorReason = OutboundErrorReason | 'http';

export class ChatwootError extends Error {
  readonly reason: ChatwootErrorReason;
  /** the HTTP status Chatwoot answered; 0 when no answer came */
  readonly status: number;
  /** Chatwoot's `message` or `error` (or the text of a non-JSON answer), at most 300 characters; '' when none */
  readonly chatwootMessage: string;
  /** seconds to wait before trying again, from a 429's or 503's Retry-After; undefined when not given */
  readonly retryAfter: number | undefined;

  constructor(
    reason: ChatwootErrorReason,
    message: string,
    details: { status?: number; chatwootMessage?: string; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'ChatwootError';
    this.reason = reason;
    this.status = details.status ?? 0;
    this.chatwootMessage = details.chatwootMessage ?? '';
    this.retryAfter = details.retryAfter;
  }
}

const MAX_MESSAGE = 300;

/** Chatwoot's words in an error answer: `{message}` (a record that did not save), `{error}`, `{errors: […]}`. */
export function chatwootMessageOf(bodyText: string): string {
  let text = bodyText.trim();
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body === 'object' && body !== null) {
      const { message, error, errors } = body as Record<string, unknown>;
      const words = [message, error, Array.isArray(errors) ? errors.join(', ') : errors].find(
        (value) => typeof value === 'string' && value.trim() !== '',
      );
      text = typeof words === 'string' ? words.trim() : '';
    }
  } catch {
    // not JSON (a proxy's page, Rack::Attack's "Retry later"): its text, without markup
    text = text
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}
