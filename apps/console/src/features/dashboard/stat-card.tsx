import { Card, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../lib/format-number.ts';
import { usageColor, usagePercent } from './usage.ts';

interface StatCardProps {
  id: string;
  label: string;
  count: number | undefined;
  limit: number;
  icon: Icon;
}

export function StatCard({ id, label, count, limit, icon: StatIcon }: StatCardProps) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const value = count ?? 0;
  const percent = usagePercent(value, limit);
  const color = usageColor(percent);
  return (
    <Card data-testid={`stat-${id}`} shadow="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={500} tt="uppercase">
            {label}
          </Text>
          <Text fz={34} fw={700} lh={1.2} data-testid={`stat-${id}-count`}>
            {count === undefined ? '—' : format(value)}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          <StatIcon size={24} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Progress
        value={percent}
        color={color}
        size="md"
        radius="xl"
        mt="md"
        aria-label={label}
        data-color={color}
      />
      <Group justify="space-between" mt={6}>
        <Text size="xs" c="dimmed">
          {t('dashboard.usage', { count: format(value), limit: format(limit) })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('dashboard.usagePercent', { percent: format(percent) })}
        </Text>
      </Group>
    </Card>
  );
}
