import type { NotificationProgress } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../lib/format-number.ts';
import { followNotificationStream } from './notification-stream.ts';
import { subscriptionKey } from './subscriptions-api.ts';

/** Finished sends shown under the live ones. */
const FINISHED_SHOWN = 5;

const processedOf = (progress: NotificationProgress) => progress.sent + progress.failed + progress.skipped;

/** The newer of two reports of one send: a finished one wins, else the one that has got further. */
export function newerProgress(
  known: NotificationProgress | undefined,
  next: NotificationProgress,
): NotificationProgress {
  if (!known) return next;
  if (known.status === 'done' && next.status !== 'done') return known;
  if (next.status === 'done') return next;
  return processedOf(next) >= processedOf(known) ? next : known;
}

/** Live sends first (oldest first), then the last finished ones (newest first). */
function ordered(byId: Map<number, NotificationProgress>): NotificationProgress[] {
  const all = [...byId.values()];
  const sending = all
    .filter((progress) => progress.status === 'sending')
    .sort((a, b) => a.notification_id - b.notification_id);
  const done = all
    .filter((progress) => progress.status === 'done')
    .sort((a, b) => b.notification_id - a.notification_id)
    .slice(0, FINISHED_SHOWN);
  return [...sending, ...done];
}

/**
 * The progress of a channel's sends (spec part 2 §4 "Notification sending"): what browse answered (so a page
 * opened mid-send shows how far it got), then every `notification_sent` event of the stream, followed for as
 * long as the screen is open. A send that finishes is toasted and the channel read again (its failures).
 */
export function useNotificationProgress(channelId: number, fromBrowse: NotificationProgress[] | undefined) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const queryClient = useQueryClient();
  const [reported, setReported] = useState<Map<number, NotificationProgress>>(() => new Map());

  const byId = new Map<number, NotificationProgress>();
  for (const progress of fromBrowse ?? []) byId.set(progress.notification_id, progress);
  for (const progress of reported.values())
    byId.set(progress.notification_id, newerProgress(byId.get(progress.notification_id), progress));
  const latest = useRef(byId);
  latest.current = byId;

  const report = useCallback((progress: NotificationProgress) => {
    setReported((current) => {
      const next = new Map(current);
      next.set(progress.notification_id, newerProgress(current.get(progress.notification_id), progress));
      return next;
    });
  }, []);

  const announce = useRef({ t, formatNumber, queryClient });
  announce.current = { t, formatNumber, queryClient };

  useEffect(() => {
    if (channelId <= 0) return;
    const controller = new AbortController();
    void followNotificationStream(
      channelId,
      (progress) => {
        const before = latest.current.get(progress.notification_id);
        report(progress);
        if (progress.status === 'done' && before?.status === 'sending') {
          const { t: translate, formatNumber: format, queryClient: client } = announce.current;
          notifications.show({
            color: progress.failed > 0 ? 'orange' : 'green',
            message: translate('subscriptions.progress.finished', {
              sent: format(progress.sent),
              total: format(progress.total),
              failed: format(progress.failed),
            }),
          });
          void client.invalidateQueries({ queryKey: subscriptionKey(channelId) });
        }
      },
      controller.signal,
    );
    return () => controller.abort();
  }, [channelId, report]);

  return { sends: ordered(byId), report };
}
