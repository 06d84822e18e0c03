import { commandLangs, saveCommandRequest } from '@hiwar/contracts';
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { commandsKey, saveCommand, useCommand } from '../../lib/commands-api.ts';
import { schemaValidator } from '../../lib/form-errors.ts';
import { parseCommandId } from '../../lib/route-ids.ts';
import { localizeFormErrors, servicesKey } from '../services/index.ts';
import { type AboutValues, aboutValuesOf } from './about-values.ts';
import { showSaveCommandError } from './save-command-error.ts';

// dir="auto" on the input itself (Mantine's `dir` prop goes to its wrapper): an English name or description
// reads left to right in the Arabic console, an Arabic one right to left in the English console.
const autoDirection = { input: { dir: 'auto' } };

/** The about tab: name (required, checked before anything is sent), description and language. */
export function CommandAboutForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const serviceId = Number(useParams().serviceId);
  const commandId = parseCommandId(useParams().commandId);
  const command = useCommand(commandId);
  const form = useForm<AboutValues>({
    initialValues: aboutValuesOf(undefined),
    validate: (values) => localizeFormErrors(schemaValidator(saveCommandRequest, t)(values), t),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once per loaded command, not per render.
  useEffect(() => {
    form.setValues(aboutValuesOf(command.data));
    form.resetDirty();
  }, [command.data]);

  const mutation = useMutation({
    mutationFn: (values: AboutValues) => saveCommand(serviceId, commandId, values),
    onSuccess: (savedId) => {
      notifications.show({ color: 'green', message: t('messages.successfullySaved') });
      void queryClient.invalidateQueries({ queryKey: commandsKey });
      void queryClient.invalidateQueries({ queryKey: [...servicesKey, 'choices'] });
      void queryClient.invalidateQueries({ queryKey: ['crumb-name', 'commands', String(savedId)] });
      if (savedId !== commandId)
        navigate(`/services/${serviceId}/commands/${savedId}/about`, { replace: true });
    },
    onError: (error) => showSaveCommandError(error, form, t),
  });

  const languages = commandLangs.map((lang) => ({ value: lang, label: t(`commands.languages.${lang}`) }));
  return (
    <form
      onSubmit={form.onSubmit((values) => mutation.mutate(values))}
      noValidate
      data-testid="command-about"
    >
      <Stack gap="md" maw={640}>
        <TextInput
          label={t('commands.fields.name')}
          withAsterisk
          attributes={autoDirection}
          {...form.getInputProps('command_name')}
        />
        <Textarea
          label={t('commands.fields.description')}
          rows={3}
          attributes={autoDirection}
          {...form.getInputProps('command_description')}
        />
        <Select
          label={t('commands.fields.lang')}
          data={languages}
          allowDeselect={false}
          {...form.getInputProps('command_lang')}
        />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
