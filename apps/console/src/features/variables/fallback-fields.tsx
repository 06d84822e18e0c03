import { variableFallbackTypes } from '@hiwar/contracts';
import { Select, Stack, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FallbackOptionsTable } from './fallback-options-table.tsx';
import { useRedirectCommands } from './reference-data-api.ts';
import type { FallbackType, VariableFormValues } from './variable-form-values.ts';

type Form = UseFormReturnType<VariableFormValues>;

function RedirectCommandPicker({ form }: { form: Form }) {
  const { t } = useTranslation();
  const commands = useRedirectCommands(true);
  return (
    <Select
      label={t('variables.form.redirectCommand')}
      placeholder={t('variables.form.choose')}
      data={(commands.data ?? []).map((command) => ({
        value: String(command.command_id),
        label: `${command.service_name} / ${command.command_name}`,
      }))}
      nothingFoundMessage={t('variables.noData')}
      searchable
      {...form.getInputProps('var_fallback_redirect_command_id')}
    />
  );
}

/** What the bot does when an answer does not fit: say a message, offer options, or redirect to a command. */
export function FallbackFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const type = form.values.var_fallback_type;
  return (
    <Stack gap="sm">
      <Select
        label={t('variables.form.fallbackType')}
        data={variableFallbackTypes.map((value) => ({
          value,
          label: t(`variables.form.fallbackTypes.${value}`),
        }))}
        value={type}
        onChange={(value) => form.setFieldValue('var_fallback_type', (value ?? 'text') as FallbackType)}
        allowDeselect={false}
      />
      {type !== 'redir' && (
        <Textarea
          label={t('variables.form.fallbackMessage')}
          autosize
          minRows={2}
          {...form.getInputProps('var_fallback_msg')}
        />
      )}
      {type === 'options' && (
        <FallbackOptionsTable
          value={form.values.var_fallback_options}
          onChange={(options) => form.setFieldValue('var_fallback_options', options)}
        />
      )}
      {type === 'redir' && <RedirectCommandPicker form={form} />}
    </Stack>
  );
}
