import { Anchor, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatNumber } from '../../lib/format-number.ts';
import { useWaitingCounts } from '../conversations/index.ts';

/** How many messages wait in the "not understood" inbox, and conversations for a person, with their links. */
export function WaitingCard() {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const counts = useWaitingCounts();
  const waiting = counts.data?.waiting;
  const handoffs = counts.data?.handoffs ?? 0;
  return (
    <Card shadow="xs" data-testid="waiting-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500} tt="uppercase">
            {t('dashboard.waiting.title')}
          </Text>
          <Anchor
            component={Link}
            to="/conversations/not-understood"
            fw={600}
            data-testid="waiting-not-understood"
          >
            {t('dashboard.waiting.notUnderstood', { waiting: waiting === undefined ? '—' : format(waiting) })}
          </Anchor>
          {handoffs > 0 && (
            <Anchor
              component={Link}
              to="/conversations?handed_over=1"
              size="sm"
              c="red"
              data-testid="waiting-handoffs"
            >
              {t('dashboard.waiting.handoffs', { handoffs: format(handoffs) })}
            </Anchor>
          )}
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={waiting ? 'orange' : 'teal'}>
          <IconMessageQuestion size={24} stroke={1.6} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
