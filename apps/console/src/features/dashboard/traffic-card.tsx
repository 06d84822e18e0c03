import { Badge, Box, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../lib/format-number.ts';
import { type TrafficPeriod, useTraffic } from '../conversations/index.ts';
import { NOT_UNDERSTOOD_COLOR, TrafficChart, UNDERSTOOD_COLOR } from './traffic-chart.tsx';
import { summarizeTraffic, understoodShare } from './traffic-summary.ts';
import { useLanguageName } from './use-language-name.ts';

const PERIODS: TrafficPeriod[] = ['day', 'month', 'year'];

function LegendItem({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6}>
      <Box w={10} h={10} bg={color} style={{ borderRadius: 2 }} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}

/**
 * The bot's traffic (issue #15): its real messages per day, month or year and the share it understood, in all
 * and per language. The console's test chat is not counted.
 */
export function TrafficCard() {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const languageName = useLanguageName();
  const [period, setPeriod] = useState<TrafficPeriod>('day');
  const traffic = useTraffic(period);
  const buckets = traffic.data?.buckets ?? [];
  const summary = summarizeTraffic(buckets);
  const percent = (part: number, whole: number) => format(understoodShare(part, whole), { style: 'percent' });
  return (
    <Card shadow="xs" data-testid="traffic">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} fz="h4">
              {t('dashboard.traffic.title')}
            </Title>
            <Text size="sm" c="dimmed" data-testid="traffic-summary">
              {t('dashboard.traffic.summary', {
                messages: format(summary.messages),
                understood: percent(summary.understood, summary.messages),
              })}
            </Text>
          </div>
          <SegmentedControl
            size="xs"
            value={period}
            onChange={(value) => setPeriod(value as TrafficPeriod)}
            data={PERIODS.map((value) => ({ value, label: t(`dashboard.traffic.periods.${value}`) }))}
            aria-label={t('dashboard.traffic.period')}
          />
        </Group>
        {traffic.isSuccess && summary.messages === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="xl" data-testid="traffic-empty">
            {t('dashboard.traffic.empty')}
          </Text>
        ) : (
          <TrafficChart buckets={buckets} period={period} />
        )}
        <Group justify="space-between" gap="xs">
          <Group gap="md">
            <LegendItem color={UNDERSTOOD_COLOR} label={t('dashboard.traffic.understood')} />
            <LegendItem color={NOT_UNDERSTOOD_COLOR} label={t('dashboard.traffic.notUnderstood')} />
          </Group>
          <Group gap={6} data-testid="traffic-languages">
            {summary.byLang.map(({ lang, messages, understood }) => (
              <Badge key={lang} variant="light" color="gray" tt="none">
                {t('dashboard.traffic.language', {
                  language: languageName(lang),
                  messages: format(messages),
                  understood: percent(understood, messages),
                })}
              </Badge>
            ))}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
