import { Alert, Fieldset, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDatasetSchema } from '../../variables/index.ts';
import type { StepProps } from '../step-props.ts';
import {
  type DatasetQuery,
  type DatasetResp,
  defaultReceipt,
  type QueryElementValue,
  queryFieldsOf,
  querySyntaxOf,
  readDatasetQuery,
} from './dataset-query-values.ts';
import { PlaceholderInput } from './placeholder-field.tsx';
import { QueryElementForm } from './query-element-form.tsx';
import { QueryGroups } from './query-groups.tsx';
import { ReceiptFields } from './receipt-fields.tsx';
import { LimitInput, ViaSelect, viasOf } from './result-layout-fields.tsx';
import { type StructButton, type StructFieldName, StructFields } from './struct-fields.tsx';
import { usePlaceholderLists, useVariableChoices } from './use-placeholder-lists.ts';

const textIn = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * options/dataset: the dataset picked on the type step, its conditions (OR-ed groups of AND-ed elements), the
 * data limit (default 1), via, the struct as the dataset's columns or default texts, the receipt (via receipt)
 * and the message when nothing matches. Writes `resp_dataset`.
 */
export function DatasetQueryBuilder(props: StepProps) {
  const { record, onChange, errors } = props;
  const { t } = useTranslation();
  const dataset = useDatasetSchema(record.resp_dataset_id);
  const variables = useVariableChoices(props.commandId);
  const lists = usePlaceholderLists(props);
  const query = readDatasetQuery(record.resp_dataset, record.resp_dataset_id);
  const schema = dataset.data?.ds_schema ?? [];
  const fields = queryFieldsOf(schema);
  const columns = lists.d ?? [];

  const write = (next: Partial<DatasetQuery>) => {
    const merged = { ...query, ...next };
    onChange({
      resp_dataset: {
        ...merged,
        ds_data: dataset.data
          ? { ds_name: dataset.data.ds_name, ds_schema: dataset.data.ds_schema }
          : merged.ds_data,
        query_syntax: querySyntaxOf(merged.groups, variables),
      },
    });
  };
  const setResp = (patch: DatasetResp) => write({ resp: { ...query.resp, ...patch } });
  const setGroups = (groups: QueryElementValue[][]) => write({ groups });
  const readSlot = (field: StructFieldName) => ({
    key: textIn(query.resp[`${field}_key`]),
    fallback: textIn(query.resp[field]),
  });
  const via = textIn(query.resp.via) || 'text';
  const buttons = (Array.isArray(query.resp.buttons) ? query.resp.buttons : []) as StructButton[];
  const receipt =
    query.resp.receipt && typeof query.resp.receipt === 'object'
      ? (query.resp.receipt as Record<string, unknown>)
      : defaultReceipt(record.resp_dataset_id);

  if (record.resp_dataset_id === null)
    return <Alert color="yellow">{t('responses.builders.query.chooseDataset')}</Alert>;
  return (
    <Stack gap="md">
      <Text fw={600}>
        {t('responses.builders.query.dataset', { name: dataset.data?.ds_name ?? record.resp_dataset_id })}
      </Text>
      <Fieldset legend={t('responses.builders.query.conditions')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('responses.builders.query.hint')}
          </Text>
          <QueryGroups groups={query.groups} variables={variables} onChange={setGroups} />
          <QueryElementForm
            fields={fields}
            variables={variables}
            groups={query.groups}
            onChange={setGroups}
            lists={lists}
          />
        </Stack>
      </Fieldset>
      <LimitInput
        value={query.resp.limit}
        onChange={(limit) => setResp({ limit })}
        error={errors['resp_dataset.resp.limit']}
      />
      <ViaSelect
        vias={viasOf.dataset}
        value={via}
        onChange={(picked) => setResp(picked === 'receipt' ? { via: picked, receipt } : { via: picked })}
      />
      {via === 'receipt' ? (
        <ReceiptFields
          receipt={receipt}
          onChange={(next) => setResp({ receipt: next })}
          columns={columns}
          lists={lists}
        />
      ) : (
        <StructFields
          via={via}
          read={readSlot}
          write={(field, slot) => setResp({ [`${field}_key`]: slot.key, [field]: slot.fallback })}
          buttons={buttons}
          onButtonsChange={(next) => setResp({ buttons: next })}
          keys={columns}
          lists={lists}
        />
      )}
      <PlaceholderInput
        label={t('responses.builders.query.fallback')}
        description={t('responses.builders.query.fallbackHint')}
        value={textIn(query.resp.fallback_msg)}
        onChange={(fallback) => setResp({ fallback_msg: fallback })}
        lists={lists}
      />
    </Stack>
  );
}
