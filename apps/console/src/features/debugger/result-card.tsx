import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

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

/** Scores and cosines as the debugger shows them. */
export function formatScore(score: number): string {
  return score.toFixed(3);
}
