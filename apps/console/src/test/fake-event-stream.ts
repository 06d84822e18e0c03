import type { NotificationProgress } from '@hiwar/contracts';

/**
 * A server-sent event stream for tests (the subscriptions' `GET /stream_fetch/subscription/{id}`, the inbox's
 * `GET /stream_fetch/inbox`): the test writes events, or emits `notification_sent` ones, to every open connection.
 */
export class FakeNotificationStream {
  private readonly controllers = new Set<ReadableStreamDefaultController<Uint8Array>>();
  private readonly encoder = new TextEncoder();
  opened = 0;

  open(signal: AbortSignal | null | undefined) {
    this.opened += 1;
    const controllers = this.controllers;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controllers.add(controller);
        signal?.addEventListener('abort', () => {
          controllers.delete(controller);
          try {
            controller.error(new DOMException('aborted', 'AbortError'));
          } catch {
            // already closed by the reader
          }
        });
      },
    });
    return { ok: true, status: 200, body } as unknown as Response;
  }

  /** Sends raw text to every open connection (split anywhere, as a network may). */
  write(text: string) {
    for (const controller of this.controllers) controller.enqueue(this.encoder.encode(text));
  }

  emit(progress: NotificationProgress) {
    this.write(`: ping\n\nevent: notification_sent\ndata: ${JSON.stringify(progress)}\n\n`);
  }
}
