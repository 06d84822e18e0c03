import { saveCommandRequest } from '@hiwar/contracts';
import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureMessage, schemaValidator, serverFieldErrors } from '../../lib/form-errors.ts';
import { type AboutValues, aboutValuesOf } from '../commands/about-values.ts';
import { commandsKey, saveCommand, useCommand } from '../commands/commands-api.ts';
import { localizeFeatureMessage, localizeFormErrors } from '../services/feature-messages.ts';
import { servicesKey } from '../services/services-api.ts';
import { CommandExamplesTable, CommandVariablesTable } from './command-details.tsx';

interface ScenarioCommandFormProps {
  serviceId: number;
  /** null creates a command */
  commandId: number | null;
  onSaved: (commandId: number) => void;
}

/** The scenario's command form: the name (description and language keep their values) and what the command holds. */
export function ScenarioCommandForm({ serviceId, commandId, onSaved }: ScenarioCommandFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const command = useCommand(commandId ?? 0);
  const form = useForm({
    initialValues: aboutValuesOf(undefined),
    validate: (values) => localizeFormErrors(schemaValidator(saveCommandRequest, t)(values), t),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when another command is loaded.
  useEffect(() => {
    form.setValues(aboutValuesOf(commandId ? command.data : undefined));
    form.clearErrors();
  }, [commandId, command.data]);

  const mutation = useMutation({
    mutationFn: (values: AboutValues) => saveCommand(serviceId, commandId ?? 0, values),
    onSuccess: (savedId) => {
      notifications.show({ color: 'green', message: t('messages.successfullySaved') });
      void queryClient.invalidateQueries({ queryKey: commandsKey });
      void queryClient.invalidateQueries({ queryKey: [...servicesKey, 'choices'] });
      void queryClient.invalidateQueries({ queryKey: ['crumb-name', 'commands', String(savedId)] });
      onSaved(savedId);
    },
    onError: (error) => {
      const fieldErrors = localizeFormErrors(serverFieldErrors(error, t, 'command_name'), t);
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else
        notifications.show({
          color: 'red',
          message: localizeFeatureMessage(t, failureMessage(error, t, t('messages.serverError'))),
        });
    },
  });

  const commandPath = `/services/${serviceId}/commands/${commandId}`;
  return (
    <Card shadow="xs" data-testid="scenario-command-form">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} fz="h5">
            {commandId ? t('scenario.editCommand') : t('scenario.newCommand')}
          </Title>
          {commandId && (
            <Button
              component={Link}
              to={commandPath}
              size="xs"
              variant="subtle"
              leftSection={<IconExternalLink size={14} />}
            >
              {t('scenario.openCommand')}
            </Button>
          )}
        </Group>
        <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
          <Group align="flex-start" gap="xs">
            <TextInput
              label={t('commands.fields.name')}
              withAsterisk
              style={{ flex: 1 }}
              {...form.getInputProps('command_name')}
            />
            <Button type="submit" mt={25} loading={mutation.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </form>
        {commandId && (
          <>
            <CommandVariablesTable serviceId={serviceId} commandId={commandId} />
            <CommandExamplesTable serviceId={serviceId} commandId={commandId} />
          </>
        )}
      </Stack>
    </Card>
  );
}
