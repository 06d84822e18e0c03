import { PREFERENCE_TIMEOUT_MAX, PREFERENCE_TIMEOUT_MIN } from '@hiwar/contracts';
import { Group, NumberInput, Select, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { DefaultValueType, VariableFormValues } from './variable-form-values.ts';
import { usePreferenceVariables } from './variables-api.ts';

type Form = UseFormReturnType<VariableFormValues>;

/** var_is_preference: the answer is remembered for the sender; the timeout shows only when it is on. */
export function PreferenceFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="lg">
      <Switch
        label={t('variables.form.isPreference')}
        checked={form.values.var_is_preference}
        onChange={(event) => form.setFieldValue('var_is_preference', event.currentTarget.checked)}
        mb={8}
      />
      {form.values.var_is_preference && (
        <NumberInput
          label={t('variables.form.preferenceTimeout')}
          min={PREFERENCE_TIMEOUT_MIN}
          max={PREFERENCE_TIMEOUT_MAX}
          allowDecimal={false}
          allowNegative={false}
          w={200}
          {...form.getInputProps('var_is_preference_timeout')}
        />
      )}
    </Group>
  );
}

/** The default value: typed text (txt) or the value of one of the owner's preference variables (prf). */
export function DefaultValueFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const isPreference = form.values.var_default_val_type === 'prf';
  const preferences = usePreferenceVariables(isPreference);
  return (
    <Group grow align="flex-start">
      <Select
        label={t('variables.form.defaultType')}
        data={[
          { value: 'txt', label: t('variables.form.defaultTypes.txt') },
          { value: 'prf', label: t('variables.form.defaultTypes.prf') },
        ]}
        value={form.values.var_default_val_type}
        onChange={(value) => form.setFieldValue('var_default_val_type', (value ?? 'txt') as DefaultValueType)}
        allowDeselect={false}
      />
      {isPreference ? (
        <Select
          label={t('variables.form.defaultPreference')}
          placeholder={t('variables.form.choose')}
          data={(preferences.data ?? []).map((variable) => ({
            value: String(variable.var_id),
            label: variable.var_name,
          }))}
          nothingFoundMessage={t('variables.noData')}
          {...form.getInputProps('var_default_val_preference_id')}
        />
      ) : (
        <TextInput label={t('variables.form.defaultValue')} {...form.getInputProps('var_default_val')} />
      )}
    </Group>
  );
}
