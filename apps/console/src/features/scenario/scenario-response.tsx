import { Button, Chip, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StaticTextForm } from './static-text-form.tsx';

/** Spec part 2 §2: the types a new command may not choose; they belong to the advanced editor. */
export const advancedResponseTypes = [
  'sub',
  'api',
  'ds',
  'data_source',
  'component',
  'shopping_cart',
  'menu',
] as const;

interface ScenarioResponseProps {
  serviceId: number;
  /** null while the command is new */
  commandId: number | null;
}

function AdvancedTypes({ serviceId, commandId }: ScenarioResponseProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Group gap={6}>
        {advancedResponseTypes.map((type) => (
          <Chip key={type} size="xs" checked={false} disabled>
            {t(`scenario.response.types.${type}`)}
          </Chip>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        {commandId ? t('scenario.response.advancedComing') : t('scenario.response.advancedNew')}
      </Text>
      {commandId && (
        <Group>
          <Button
            component={Link}
            to={`/services/${serviceId}/commands/${commandId}/result/type`}
            size="xs"
            variant="light"
            leftSection={<IconExternalLink size={14} />}
          >
            {t('scenario.response.advancedEdit')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The command's response: Static text here; the other types only through the advanced editor. */
export function ScenarioResponse({ serviceId, commandId }: ScenarioResponseProps) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('scenario.response.title')} data-testid="scenario-response">
      <Title order={4} fz="sm" mb={4}>
        {t('scenario.response.title')}
      </Title>
      <Tabs defaultValue="text" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="text">{t('scenario.response.staticText')}</Tabs.Tab>
          <Tabs.Tab value="advanced">{t('scenario.response.advanced')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="text">
          {commandId ? (
            <StaticTextForm commandId={commandId} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('scenario.response.saveFirst')}
            </Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="advanced">
          <AdvancedTypes serviceId={serviceId} commandId={commandId} />
        </Tabs.Panel>
      </Tabs>
    </section>
  );
}
