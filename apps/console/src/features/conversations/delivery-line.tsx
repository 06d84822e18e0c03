import type { TurnDelivery } from '@hiwar/contracts';
import { Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconChecks, IconClockPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "in 2 minutes", "in 45 seconds", "now": when the next try is due, in the console's language. */
function whenText(nextAt: string, language: string): string {
  const seconds = Math.round((new Date(nextAt).getTime() - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (seconds <= 0) return format.format(0, 'second');
  if (seconds < 120) return format.format(seconds, 'second');
  if (seconds < 2 * 3600) return format.format(Math.round(seconds / 60), 'minute');
  return format.format(Math.round(seconds / 3600), 'hour');
}

/**
 * Where a channel turn's replies stand (issue #25 items 1–3), under them: waiting for the platform (which try is
 * next and when, the platform's last answer on hover), delivered (with how many messages it refused for
 * themselves), maybe delivered (no answer twice), or not delivered and why.
 */
export function DeliveryLine({ delivery, platform }: { delivery: TurnDelivery; platform: string }) {
  const { t, i18n } = useTranslation();
  const name = t(`conversations.platforms.${platform}`, { defaultValue: platform });
  if (delivery.status === 'delivered' && (delivery.refused_parts ?? 0) > 0) {
    // some messages were refused for themselves (a file the platform could not fetch): the rest arrived
    return (
      <Group gap={4} justify="flex-end" wrap="nowrap" data-testid="delivery">
        <IconAlertTriangle size={14} color="var(--mantine-color-orange-6)" aria-hidden />
        <Text size="xs" c="orange.7">
          {t('conversations.delivery.partlyRefused', {
            platform: name,
            count: delivery.refused_parts,
            error: delivery.error ?? '',
          })}
        </Text>
      </Group>
    );
  }
  if (delivery.status === 'delivered') {
    return (
      <Group gap={4} justify="flex-end" data-testid="delivery">
        <IconChecks size={14} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text size="xs" c="dimmed">
          {delivery.attempts > 1
            ? t('conversations.delivery.deliveredAfter', { platform: name, count: delivery.attempts })
            : t('conversations.delivery.delivered', { platform: name })}
        </Text>
      </Group>
    );
  }
  if (delivery.status === 'pending' || delivery.status === 'sending') {
    const line = t('conversations.delivery.waiting', {
      platform: name,
      attempt: delivery.attempts + 1,
      when: whenText(delivery.next_at, i18n.language),
    });
    return (
      <Group gap={4} justify="flex-end" data-testid="delivery">
        <IconClockPause size={14} color="var(--mantine-color-orange-6)" aria-hidden />
        <Tooltip label={delivery.error ?? ''} disabled={!delivery.error} multiline maw={360}>
          <Text size="xs" c="orange.7">
            {line}
          </Text>
        </Tooltip>
      </Group>
    );
  }
  // unanswered: the platform may have shown it, so it is not said to be lost
  const color = delivery.status === 'unanswered' ? 'orange' : 'red';
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" data-testid="delivery">
      <IconAlertTriangle size={14} color={`var(--mantine-color-${color}-6)`} aria-hidden />
      <Text size="xs" c={`${color}.7`}>
        {t(`conversations.delivery.${delivery.status}`, { platform: name, error: delivery.error ?? '' })}
      </Text>
    </Group>
  );
}
