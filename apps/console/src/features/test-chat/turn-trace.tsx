import { Badge, Box, Code, Group, Stack, Text, UnstyledButton, useDirection } from '@mantine/core';
import { IconChevronDown, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../lib/format-number.ts';
import type { TurnView } from './chat-entries.ts';

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function MatchedBadge({ matched }: { matched: TurnView['matched'] }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  if (!matched) {
    return (
      <Badge color="orange" variant="light" tt="none" data-testid="trace-not-understood">
        {t('testChat.notUnderstood')}
      </Badge>
    );
  }
  const score = format(matched.score, {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
    useGrouping: false,
  });
  return (
    <Badge color="teal" variant="light" tt="none" data-testid="trace-matched">
      <bdi>{matched.command_name || `#${matched.command_id}`}</bdi> · {t('testChat.score', { score })}
    </Badge>
  );
}

function Values({ variables }: { variables: Record<string, unknown> }) {
  const { t } = useTranslation();
  const entries = Object.entries(variables);
  return (
    <Group gap={4} data-testid="trace-variables">
      <Text size="xs" c="dimmed">
        {t('testChat.variables')}
      </Text>
      {entries.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('testChat.noVariables')}
        </Text>
      ) : (
        entries.map(([name, value]) => (
          <Code key={name} fz="xs" dir="auto">
            {name} = {valueText(value)}
          </Code>
        ))
      )}
    </Group>
  );
}

function Steps({ trace }: { trace: TurnView['trace'] }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const [isOpen, setOpen] = useState(false);
  const listId = useId();
  const { dir } = useDirection();
  const Chevron = isOpen ? IconChevronDown : dir === 'rtl' ? IconChevronLeft : IconChevronRight;
  return (
    <Box>
      <UnstyledButton
        onClick={() => setOpen(!isOpen)}
        aria-expanded={isOpen}
        aria-controls={listId}
        data-testid="trace-steps-toggle"
      >
        <Group gap={2}>
          <Chevron size={12} />
          <Text size="xs" c="dimmed">
            {t('testChat.steps', { count: trace.length })}
          </Text>
        </Group>
      </UnstyledButton>
      {isOpen && (
        <Stack gap={2} id={listId} component="ol" m={0} ps="md" data-testid="trace-steps">
          {trace.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a trace never reorders, and a step may repeat
            <Text key={index} component="li" size="xs">
              <Text span fw={600} size="xs">
                {step.step}
              </Text>{' '}
              <Text span size="xs" dir="auto">
                {step.note}
              </Text>{' '}
              <Text span size="xs" c="dimmed">
                ({t('testChat.ms', { ms: format(step.ms, { maximumFractionDigits: 1 }) })})
              </Text>
            </Text>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** Under a bot answer: the command it matched and its score, the language, the values, what it waits for, the steps. */
export function TurnTrace({ turn }: { turn: TurnView }) {
  const { t } = useTranslation();
  return (
    <Stack
      gap={4}
      p={6}
      data-testid="turn-trace"
      style={{ borderInlineStart: '3px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap={4}>
        <MatchedBadge matched={turn.matched} />
        {turn.lang && (
          <Badge color="gray" variant="light" tt="none" data-testid="trace-lang">
            {t('testChat.language', { lang: turn.lang })}
          </Badge>
        )}
        {turn.waitingFor && (
          <Badge color="blue" variant="light" tt="none" data-testid="trace-waiting">
            {t('testChat.waitingFor')} <bdi>{turn.waitingFor}</bdi>
          </Badge>
        )}
      </Group>
      {turn.variables && <Values variables={turn.variables} />}
      <Steps trace={turn.trace} />
    </Stack>
  );
}
