import type { TrafficBucket } from '@hiwar/contracts';
import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../lib/format-number.ts';
import type { TrafficPeriod } from '../conversations/index.ts';
import { formatBucketLabel } from './bucket-label.ts';
import { labelStep, understoodShare } from './traffic-summary.ts';
import { useLanguageName } from './use-language-name.ts';

const CHART_HEIGHT = 160;
export const UNDERSTOOD_COLOR = 'var(--mantine-color-teal-6)';
export const NOT_UNDERSTOOD_COLOR = 'var(--mantine-color-red-3)';

/** A bucket's figures in words, for its tooltip and for screen readers. */
function useBucketText(period: TrafficPeriod) {
  const { t, i18n } = useTranslation();
  const format = useFormatNumber();
  const languageName = useLanguageName();
  return (bucket: TrafficBucket) => {
    const languages = Object.entries(bucket.by_lang)
      .map(([lang, count]) => `${languageName(lang)} ${format(count)}`)
      .join(t('dashboard.traffic.listSeparator'));
    return t('dashboard.traffic.bucket', {
      label: formatBucketLabel(bucket.label, period, i18n.language),
      messages: format(bucket.messages),
      understood: format(understoodShare(bucket.understood, bucket.messages), { style: 'percent' }),
      languages: languages || '—',
    });
  };
}

/**
 * One bar per bucket, as tall as its messages; its lower part the messages understood, its upper part the
 * rest. Plain boxes, so the chart costs no library and reads in the page's direction.
 */
export function TrafficChart({ buckets, period }: { buckets: TrafficBucket[]; period: TrafficPeriod }) {
  const { i18n } = useTranslation();
  const bucketText = useBucketText(period);
  const highest = Math.max(1, ...buckets.map((bucket) => bucket.messages));
  const step = labelStep(buckets.length);
  return (
    <Stack gap={4} data-testid="traffic-chart">
      <Group gap={3} align="flex-end" wrap="nowrap" h={CHART_HEIGHT}>
        {buckets.map((bucket) => {
          const height = (bucket.messages / highest) * CHART_HEIGHT;
          const understoodHeight = height * understoodShare(bucket.understood, bucket.messages);
          const text = bucketText(bucket);
          return (
            <Box
              key={bucket.label}
              role="img"
              aria-label={text}
              title={text}
              data-testid={`traffic-bucket-${bucket.label}`}
              flex={1}
              h={Math.max(height, bucket.messages > 0 ? 2 : 0)}
              style={{
                display: 'flex',
                flexDirection: 'column',
                minWidth: 2,
                borderRadius: '3px 3px 0 0',
                overflow: 'hidden',
              }}
            >
              <Box flex={1} bg={NOT_UNDERSTOOD_COLOR} />
              <Box h={understoodHeight} bg={UNDERSTOOD_COLOR} />
            </Box>
          );
        })}
      </Group>
      <Group gap={3} wrap="nowrap" aria-hidden>
        {buckets.map((bucket, index) => (
          <Text
            key={bucket.label}
            flex={1}
            size="xs"
            c="dimmed"
            ta="center"
            style={{ whiteSpace: 'nowrap', minWidth: 2 }}
          >
            {index % step === 0 ? formatBucketLabel(bucket.label, period, i18n.language) : ''}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}
