import type { BotMessage, IncomingEvent } from '@hiwar/contracts';
import { ApiError } from './api-client.ts';
import { retryUntilDone, type Sleep } from './retry.ts';

export interface OutgoingMessage {
  id: string;
  event: IncomingEvent;
}

export interface OutboxEvents {
  delivered(message: OutgoingMessage, replies: BotMessage[]): void;
  rejected(message: OutgoingMessage, error: unknown): void;
  reconnecting(isReconnecting: boolean): void;
}

export interface OutboxStorage {
  load(): OutgoingMessage[];
  save(pending: OutgoingMessage[]): void;
}

export interface OutboxOptions {
  send(event: IncomingEvent): Promise<BotMessage[]>;
  events: OutboxEvents;
  storage: OutboxStorage;
  sleep?: Sleep;
}

const isRetryable = (error: unknown) => !(error instanceof ApiError) || error.isRetryable;

/**
 * Messages go out one at a time, in the order typed. A failure the server may recover from (offline, restart,
 * 5xx, 429) is retried with backoff while the chat shows "reconnecting…"; the queue is kept in storage, so
 * nothing typed is lost even if the page is closed meanwhile.
 */
export class Outbox {
  private readonly pending: OutgoingMessage[];
  private isRunning = false;

  private readonly options: OutboxOptions;
  constructor(options: OutboxOptions) {
    this.options = options;
    this.pending = options.storage.load();
  }

  /** Messages still waiting from an earlier visit (show them, then call flush). */
  waiting(): readonly OutgoingMessage[] {
    return [...this.pending];
  }

  enqueue(message: OutgoingMessage): void {
    this.pending.push(message);
    this.options.storage.save(this.pending);
    void this.flush();
  }

  async flush(): Promise<void> {
    if (this.isRunning) return;
    this.isRunning = true;
    try {
      for (let message = this.pending[0]; message; message = this.pending[0]) {
        await this.deliver(message);
        this.pending.shift();
        this.options.storage.save(this.pending);
      }
    } finally {
      this.isRunning = false;
    }
  }

  private async deliver(message: OutgoingMessage): Promise<void> {
    const { events } = this.options;
    try {
      const replies = await retryUntilDone(() => this.options.send(message.event), {
        isRetryable,
        onReconnecting: (value) => events.reconnecting(value),
        ...(this.options.sleep && { sleep: this.options.sleep }),
      });
      events.delivered(message, replies);
    } catch (error) {
      events.rejected(message, error);
    }
  }
}

/** The queue in localStorage under one key per bot and sender; a blocked storage keeps it in memory only. */
export function localOutboxStorage(window: Window, key: string): OutboxStorage {
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
        return Array.isArray(parsed) ? (parsed as OutgoingMessage[]) : [];
      } catch {
        return [];
      }
    },
    save(pending) {
      try {
        if (pending.length === 0) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, JSON.stringify(pending));
      } catch {
        // storage blocked or full: the queue still lives in memory
      }
    },
  };
}
