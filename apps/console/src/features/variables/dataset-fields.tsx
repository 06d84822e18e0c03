import type { DatasetListEntry } from '@hiwar/contracts';
import { Group, Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/form-errors.ts';
import { addValues } from './list-values.ts';
import { findFieldValues, useDatasetChoices, useDatasetSchema } from './reference-data-api.ts';
import type { VariableFormValues } from './variable-form-values.ts';

const optionOf = (dataset: DatasetListEntry) => ({ value: String(dataset.ds_id), label: dataset.ds_name });

/** The owner's datasets, then the public ones that are not the owner's. */
function datasetOptions(own: DatasetListEntry[], shared: DatasetListEntry[], labels: [string, string]) {
  const ownIds = new Set(own.map((dataset) => dataset.ds_id));
  const others = shared.filter((dataset) => !ownIds.has(dataset.ds_id));
  return [
    { group: labels[0], items: own.map(optionOf) },
    { group: labels[1], items: others.map(optionOf) },
  ].filter((group) => group.items.length > 0);
}

/**
 * The dataset of a datasetList or search_DS variable and its where- and return-fields (spec §4). Choosing a
 * dataset clears both fields and loads its schema; choosing a where-field of a datasetList merges that field's
 * values into the values list.
 */
export function DatasetFields({ form }: { form: UseFormReturnType<VariableFormValues> }) {
  const { t } = useTranslation();
  const { var_type: type, var_type_ds_id: datasetValue } = form.values;
  const datasetId = datasetValue ? Number(datasetValue) : null;
  const choices = useDatasetChoices(true);
  const schema = useDatasetSchema(datasetId);
  const fieldNames = schema.data?.ds_schema.map((field) => field.name) ?? [];

  const loadValues = useMutation({
    mutationFn: ({ id, field }: { id: number; field: string }) => findFieldValues(id, field),
    onSuccess: (values) => form.setFieldValue('list_values', addValues(form.getValues().list_values, values)),
    onError: (error) =>
      notifications.show({ color: 'red', message: failureMessage(error, t, t('messages.serverError')) }),
  });

  const chooseDataset = (value: string | null) => {
    form.setFieldValue('var_type_ds_id', value);
    form.setFieldValue('var_type_ds_field_where', '');
    form.setFieldValue('var_type_ds_field_return', '');
  };
  const chooseWhereField = (value: string | null) => {
    form.setFieldValue('var_type_ds_field_where', value ?? '');
    if (type === 'datasetList' && value && datasetId !== null)
      loadValues.mutate({ id: datasetId, field: value });
  };

  return (
    <>
      <Select
        label={t('variables.form.dataset')}
        placeholder={t('variables.form.choose')}
        data={datasetOptions(choices.data?.private ?? [], choices.data?.public ?? [], [
          t('variables.form.ownDatasets'),
          t('variables.form.publicDatasets'),
        ])}
        value={datasetValue}
        onChange={chooseDataset}
        error={form.errors.var_type_ds_id}
        nothingFoundMessage={t('variables.noData')}
        searchable
      />
      <Group grow align="flex-start">
        <Select
          label={t('variables.form.whereField')}
          placeholder={t('variables.form.choose')}
          data={fieldNames}
          value={form.values.var_type_ds_field_where || null}
          onChange={chooseWhereField}
          disabled={datasetId === null}
          clearable
        />
        <Select
          label={t('variables.form.returnField')}
          placeholder={t('variables.form.choose')}
          data={fieldNames}
          value={form.values.var_type_ds_field_return || null}
          onChange={(value) => form.setFieldValue('var_type_ds_field_return', value ?? '')}
          disabled={datasetId === null}
          clearable
        />
      </Group>
    </>
  );
}
