import type { VariableRecord } from '@hiwar/contracts';
import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/form-errors.ts';
import { fetchVariable, useVariableNames } from './variables-api.ts';

interface CloneVariablePickerProps {
  /** the variable being edited, left out of the choices */
  currentVariableId: number;
  onPicked: (variable: VariableRecord) => void;
}

/** "Clone from another variable": any of the owner's variables (POST /command_var/get_all/0). */
export function CloneVariablePicker({ currentVariableId, onPicked }: CloneVariablePickerProps) {
  const { t } = useTranslation();
  const variables = useVariableNames(0);
  const load = useMutation({
    mutationFn: fetchVariable,
    onSuccess: onPicked,
    onError: (error) =>
      notifications.show({ color: 'red', message: failureMessage(error, t, t('messages.serverError')) }),
  });
  const choices = (variables.data ?? [])
    .filter((variable) => variable.var_id !== currentVariableId)
    .map((variable) => ({ value: String(variable.var_id), label: variable.var_name }));

  return (
    <Select
      label={t('variables.form.cloneFrom')}
      placeholder={t('variables.form.clonePlaceholder')}
      data={choices}
      value={null}
      onChange={(value) => value && load.mutate(Number(value))}
      nothingFoundMessage={t('variables.noData')}
      searchable
      w={{ base: '100%', sm: 320 }}
    />
  );
}
