import { Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScenarioCommandForm } from './scenario-command-form.tsx';
import { ScenarioCommands } from './scenario-commands.tsx';
import { ServiceBar } from './service-bar.tsx';
import { useScenarioSelection } from './use-scenario-selection.ts';

/** /scenario and /simple_scenario (spec part 1 §2 Scenario): a service, its commands and a command form. */
export function ScenarioPage() {
  const { t } = useTranslation();
  const { serviceId, commandId, selectService, selectCommand } = useScenarioSelection();
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('scenario.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('scenario.subtitle')}
        </Text>
      </div>
      <ServiceBar serviceId={serviceId} onSelect={selectService} />
      {serviceId ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ScenarioCommands
              key={serviceId}
              serviceId={serviceId}
              selectedId={commandId}
              onSelect={selectCommand}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ScenarioCommandForm serviceId={serviceId} commandId={commandId} onSelect={selectCommand} />
          </Grid.Col>
        </Grid>
      ) : (
        <Text c="dimmed" ta="center" py="xl">
          {t('scenario.pickService')}
        </Text>
      )}
    </Stack>
  );
}
