import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatScore } from './result-card.tsx';

interface ScoreRowProps {
  label: string;
  score: number;
  /** the label's own writing direction (user text such as examples: `auto`) */
  dir?: 'auto' | 'ltr' | 'rtl';
  color?: string;
}

/** A label with its score as a number and a bar (scores run from 0 to 1). */
export function ScoreRow({ label, score, dir, color = 'indigo' }: ScoreRowProps) {
  const percent = Math.max(0, Math.min(1, score)) * 100;
  return (
    <Stack gap={2} data-testid="score-row">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" dir={dir} truncate>
          {label}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace" dir="ltr">
          {formatScore(score)}
        </Text>
      </Group>
      <Progress value={percent} color={color} size="sm" aria-label={label} />
    </Stack>
  );
}
