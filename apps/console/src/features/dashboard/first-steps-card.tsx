import { Anchor, Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatNumber } from '../../lib/format-number.ts';
import type { FirstStep } from './first-steps.ts';

function StepMarker({ step, number }: { step: FirstStep; number: string }) {
  return step.isDone ? (
    <ThemeIcon radius="xl" size={28} color="teal" aria-hidden>
      <IconCheck size={16} />
    </ThemeIcon>
  ) : (
    <ThemeIcon radius="xl" size={28} variant="light" color="gray" aria-hidden>
      <Text size="sm" fw={600}>
        {number}
      </Text>
    </ThemeIcon>
  );
}

/** An empty dashboard's guide: the three first steps, each a link to its screen, checked once done. */
export function FirstStepsCard({ steps, onDismiss }: { steps: FirstStep[]; onDismiss: () => void }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const doneCount = steps.filter((step) => step.isDone).length;
  return (
    <Card
      component="section"
      aria-labelledby="first-steps-title"
      shadow="xs"
      withBorder
      data-testid="first-steps"
    >
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={3} fz="h4" id="first-steps-title">
            {t('dashboard.firstSteps.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('dashboard.firstSteps.hint', { done: format(doneCount), total: format(steps.length) })}
          </Text>
        </div>
        <Button variant="subtle" size="xs" color="gray" onClick={onDismiss}>
          {t('dashboard.firstSteps.dismiss')}
        </Button>
      </Group>
      <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {steps.map((step, index) => (
          <Group
            component="li"
            key={step.id}
            align="flex-start"
            wrap="nowrap"
            data-testid={`first-step-${step.id}`}
            data-done={step.isDone || undefined}
          >
            <StepMarker step={step} number={format(index + 1)} />
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>{t(`dashboard.firstSteps.steps.${step.id}.title`)}</Text>
                {step.isDone && (
                  <Badge color="teal" variant="light" size="sm" tt="none">
                    {t('dashboard.firstSteps.done')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {t(`dashboard.firstSteps.steps.${step.id}.text`)}
              </Text>
              <Group gap="md">
                {step.links.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} size="sm" fw={500}>
                    {t(`dashboard.firstSteps.steps.${link.labelKey}`)}
                  </Anchor>
                ))}
              </Group>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
