import { Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TagInput } from '../../components/tag-input.tsx';
import { DatasetFields } from './dataset-fields.tsx';
import { ListValuesEditor } from './list-values-editor.tsx';
import { useComponentEntities } from './reference-data-api.ts';
import type { VariableFormValues } from './variable-form-values.ts';

type Form = UseFormReturnType<VariableFormValues>;

function ValuesList({ form }: { form: Form }) {
  return (
    <ListValuesEditor
      value={form.values.list_values}
      onChange={(values) => form.setFieldValue('list_values', values)}
      error={form.errors.var_val_list}
    />
  );
}

function EntityPicker({ form }: { form: Form }) {
  const { t } = useTranslation();
  const entities = useComponentEntities(true);
  return (
    <Select
      label={t('variables.form.entity')}
      placeholder={t('variables.form.choose')}
      data={(entities.data ?? []).map((entity) => ({
        value: entity.name,
        // the server labels entities in English; known ones are translated
        label: t(`variables.entities.${entity.name}`, { defaultValue: entity.label }),
      }))}
      value={form.values.entity_name || null}
      onChange={(value) => form.setFieldValue('entity_name', value ?? '')}
      error={form.errors.entity_name}
    />
  );
}

/** The fields that belong to the chosen variable type (spec §2 variable form, §3 Variable). */
export function TypeFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  switch (form.values.var_type) {
    case 'text':
      // required for a text variable (the contract's textRequired): marked before the owner saves
      return (
        <TextInput label={t('variables.form.text')} withAsterisk {...form.getInputProps('var_val_text')} />
      );
    case 'regex':
      return (
        <TextInput
          label={t('variables.form.regex')}
          dir="ltr"
          ff="monospace"
          placeholder="^\d{4}$"
          {...form.getInputProps('var_val_regex')}
        />
      );
    case 'search':
      return (
        <TagInput
          label={t('variables.form.stopwords')}
          description={t('variables.form.tagHint')}
          placeholder={t('variables.form.tagPlaceholder')}
          value={form.values.var_val_stopwords}
          onChange={(words) => form.setFieldValue('var_val_stopwords', words)}
        />
      );
    case 'list':
      return <ValuesList form={form} />;
    case 'datasetList':
      return (
        <>
          <DatasetFields form={form} />
          <ValuesList form={form} />
        </>
      );
    case 'search_DS':
      return <DatasetFields form={form} />;
    case 'component':
      return <EntityPicker form={form} />;
    case 'location':
      return null;
  }
}
