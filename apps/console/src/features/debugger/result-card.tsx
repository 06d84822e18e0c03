import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/format-number.ts';

interface ResultCardProps {
  testId: string;
  title: string;
  /** shown beside the title, e.g. a badge */
  aside?: ReactNode;
  children: ReactNode;
}

/** The frame every debugger result card shares. */
export function ResultCard({ testId, title, aside, children }: ResultCardProps) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={4}>{title}</Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** Scores and cosines as the debugger shows them: three decimals, written the same in both languages. */
export function formatScore(score: number): string {
  return formatNumber(score, 'en', {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
    useGrouping: false,
  });
}
