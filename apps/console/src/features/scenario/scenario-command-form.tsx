import { commandLangs, saveCommandRequest } from '@hiwar/contracts';
import { Button, Card, Divider, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { commandsKey, saveCommand, useCommand } from '../../lib/commands-api.ts';
import { schemaValidator } from '../../lib/form-errors.ts';
import { type AboutValues, aboutValuesOf, showSaveCommandError } from '../commands/index.ts';
import { localizeFormErrors, servicesKey } from '../services/index.ts';
import { CommandVariablesTable } from './command-details.tsx';
import { ScenarioExamples } from './scenario-examples.tsx';
import { ScenarioResponse } from './scenario-response.tsx';

interface ScenarioCommandFormProps {
  serviceId: number;
  /** null creates a command */
  commandId: number | null;
  /** a saved command (new or not) is selected; null starts a new one */
  onSelect: (commandId: number | null) => void;
}

function useSaveCommand(serviceId: number, commandId: number | null, onSaved: (id: number) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AboutValues) => saveCommand(serviceId, commandId ?? 0, values),
    onSuccess: (savedId) => {
      notifications.show({ color: 'green', message: t('messages.successfullySaved') });
      void queryClient.invalidateQueries({ queryKey: commandsKey });
      void queryClient.invalidateQueries({ queryKey: [...servicesKey, 'choices'] });
      void queryClient.invalidateQueries({ queryKey: ['crumb-name', 'commands', String(savedId)] });
      onSaved(savedId);
    },
  });
}

/**
 * The scenario's command form (spec part 1 §4): add or edit. Saving a new command switches the form to edit
 * it; New command resets it to add. An existing command also shows its variables, examples and response.
 */
export function ScenarioCommandForm({ serviceId, commandId, onSelect }: ScenarioCommandFormProps) {
  const { t } = useTranslation();
  const command = useCommand(commandId ?? 0);
  const form = useForm({
    initialValues: aboutValuesOf(undefined),
    validate: (values) => localizeFormErrors(schemaValidator(saveCommandRequest, t)(values), t),
  });
  const mutation = useSaveCommand(serviceId, commandId, onSelect);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when another command is loaded.
  useEffect(() => {
    form.setValues(aboutValuesOf(commandId ? command.data : undefined));
    form.clearErrors();
  }, [commandId, command.data]);

  const submit = (values: AboutValues) =>
    mutation.mutate(values, {
      onError: (error) => showSaveCommandError(error, form, t),
    });
  const languages = commandLangs.map((lang) => ({ value: lang, label: t(`commands.languages.${lang}`) }));
  return (
    <Card shadow="xs" data-testid="scenario-command-form">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} fz="h5">
            {commandId ? t('scenario.editCommand') : t('scenario.newCommand')}
          </Title>
          {commandId && (
            <Group gap="xs">
              <Button
                component={Link}
                to={`/services/${serviceId}/commands/${commandId}`}
                size="xs"
                variant="subtle"
                leftSection={<IconExternalLink size={14} />}
              >
                {t('scenario.openCommand')}
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => onSelect(null)}
              >
                {t('scenario.newCommand')}
              </Button>
            </Group>
          )}
        </Group>
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Group align="flex-start" gap="xs">
            <TextInput
              label={t('commands.fields.name')}
              withAsterisk
              style={{ flex: 1 }}
              {...form.getInputProps('command_name')}
            />
            <Select
              label={t('commands.fields.lang')}
              data={languages}
              allowDeselect={false}
              w={130}
              {...form.getInputProps('command_lang')}
            />
            <Button type="submit" mt={25} loading={mutation.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </form>
        {commandId && (
          <>
            <Divider />
            <CommandVariablesTable key={`v${commandId}`} serviceId={serviceId} commandId={commandId} />
            <ScenarioExamples key={`e${commandId}`} commandId={commandId} />
          </>
        )}
        <Divider />
        <ScenarioResponse serviceId={serviceId} commandId={commandId} />
      </Stack>
    </Card>
  );
}
