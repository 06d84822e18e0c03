import { notifications } from '@mantine/notifications';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { conversationsKey, handoffKey, transcriptKey } from './conversations-api.ts';
import { inboxKey } from './inbox-api.ts';
import { followInboxStream, type InboxEvent } from './inbox-stream.ts';
import { trafficKey } from './traffic-api.ts';

/** A busy bot reports many turns a second; the screens read again at most this often. */
export const REFRESH_EVERY_MS = 1000;

/**
 * What an event changed. A turn moves the inbox's waiting count and the dashboard's traffic alike (they count
 * the same stored turns, issue #31 item 6): both are read again, so the dashboard never shows a new
 * not-understood message waiting beside an understood share that has not counted it.
 */
function keysToRefresh(event: InboxEvent): QueryKey[] {
  const keys: QueryKey[] = [[...conversationsKey, 'list'], transcriptKey(event.senderKey), inboxKey];
  if (event.type === 'turn') keys.push(trafficKey);
  if (event.type === 'handoff') keys.push(handoffKey(event.senderKey));
  return keys;
}

/**
 * Keeps the conversations screens, the waiting counts and the dashboard's traffic current while the console
 * is open: each event of the inbox stream reads again what it changed (the list, that sender's transcript and
 * hand-over, the inbox and its counts, the traffic), gathered so a burst of turns costs one read each. A
 * conversation handed over to a person is toasted.
 */
export function useInboxStream() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const translate = useRef(t);
  translate.current = t;

  useEffect(() => {
    const controller = new AbortController();
    const pending = new Map<string, QueryKey>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastFlush = 0;
    const flush = () => {
      timer = undefined;
      lastFlush = Date.now();
      for (const queryKey of pending.values()) void queryClient.invalidateQueries({ queryKey });
      pending.clear();
    };
    void followInboxStream((event) => {
      for (const key of keysToRefresh(event)) pending.set(JSON.stringify(key), key);
      timer ??= setTimeout(flush, Math.max(0, lastFlush + REFRESH_EVERY_MS - Date.now()));
      if (event.type === 'handoff' && event.status === 'waiting')
        notifications.show({ color: 'orange', message: translate.current('conversations.handoff.arrived') });
    }, controller.signal);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
