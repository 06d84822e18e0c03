import { NOTIFICATION_SENT_EVENT, type NotificationProgress, notificationProgress } from '@hiwar/contracts';
import { followEventStream, STREAM_RETRY_MS, type StreamEvent } from '../../lib/event-stream.ts';

export { createEventStreamParser, STREAM_RETRY_MS, type StreamEvent } from '../../lib/event-stream.ts';

function progressOf(event: StreamEvent): NotificationProgress | null {
  if (event.event !== NOTIFICATION_SENT_EVENT) return null;
  try {
    const parsed = notificationProgress.safeParse(JSON.parse(event.data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Follows GET /stream_fetch/subscription/{channel_id} until `signal` aborts (`followEventStream`: a failed or
 * ended stream is opened again after `STREAM_RETRY_MS`, and the server then sends the progress of every live
 * send again; a 401 or 404 stops it).
 */
export function followNotificationStream(
  channelId: number,
  onProgress: (progress: NotificationProgress) => void,
  signal: AbortSignal,
  retryMs = STREAM_RETRY_MS,
): Promise<void> {
  return followEventStream(
    `/stream_fetch/subscription/${channelId}`,
    (event) => {
      const progress = progressOf(event);
      if (progress) onProgress(progress);
    },
    signal,
    retryMs,
  );
}
