import { type ResponseBody, type ResponseStruct, responseStruct } from '@hiwar/contracts';
import { SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StepProps } from '../step-props.ts';
import type { PlaceholderLists } from './placeholder-tokens.ts';
import { type StructFieldName, StructFields } from './struct-fields.tsx';

export const emptyResponseStruct = (): ResponseStruct => responseStruct.parse({});

/** Spec part 2 §9: the vias each result offers. */
export const viasOf = {
  dataset: ['text', 'quick_rep', 'card', 'video', 'Image', 'receipt'],
  datasource: ['text', 'quick_rep', 'card', 'video', 'Image'],
  component: ['text', 'card', 'video', 'Image'],
} as const;

export function ViaSelect({
  vias,
  value,
  onChange,
}: {
  vias: readonly string[];
  value: string;
  onChange: (via: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('responses.builders.via.label')}
      data={vias.map((via) => ({ value: via, label: t(`responses.builders.via.${via}`) }))}
      value={value}
      onChange={(via) => via !== null && onChange(via)}
      allowDeselect={false}
    />
  );
}

/** A limit as typed: a whole number is stored as a number, anything else as typed, so a save refuses it. */
export function limitOfText(text: string): number | string {
  return /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : text;
}

export function isWholeLimit(value: unknown): boolean {
  return /^\d{1,4}$/.test(String(value ?? '').trim()) && Number(value) >= 1;
}

export function LimitInput({
  value,
  onChange,
  error,
}: {
  value: unknown;
  onChange: (limit: number | string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const text = value === null || value === undefined ? '' : String(value);
  const localError =
    text.trim() !== '' && !isWholeLimit(text) ? t('responses.builders.limitInteger') : undefined;
  return (
    <TextInput
      label={t('responses.builders.limit')}
      value={text}
      onChange={(event) => onChange(limitOfText(event.currentTarget.value))}
      error={localError ?? error}
      inputMode="numeric"
      dir="ltr"
      w={160}
    />
  );
}

export function DataTypeControl({
  value,
  onChange,
  dataTypes = ['single', 'multi'],
}: {
  value: string;
  onChange: (dataType: 'single' | 'multi') => void;
  dataTypes?: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('responses.builders.dataType.label')}
      </Text>
      <SegmentedControl
        w="fit-content"
        value={value}
        onChange={(dataType) => onChange(dataType === 'multi' ? 'multi' : 'single')}
        data={(['single', 'multi'] as const).map((dataType) => ({
          value: dataType,
          label: t(`responses.builders.dataType.${dataType}`),
          disabled: !dataTypes.includes(dataType),
        }))}
      />
    </Stack>
  );
}

/** The struct fields of an api, data source or component response (`*_key` and `*_default_value`). */
export function ResponseStructFields({
  via,
  struct,
  onChange,
  keys,
  lists,
}: {
  via: string;
  struct: ResponseStruct;
  onChange: (struct: ResponseStruct) => void;
  keys: readonly string[];
  lists: PlaceholderLists;
}) {
  const read = (field: StructFieldName) => ({
    key: struct[`${field}_key`],
    fallback: struct[`${field}_default_value`],
  });
  return (
    <StructFields
      via={via}
      read={read}
      write={(field, slot) =>
        onChange({ ...struct, [`${field}_key`]: slot.key, [`${field}_default_value`]: slot.fallback })
      }
      buttons={struct.buttons}
      onButtonsChange={(buttons) => onChange({ ...struct, buttons })}
      keys={keys}
      lists={lists}
    />
  );
}

/** The records' result settings share their names after a prefix: `<prefix>_data_type`, `_data_limit`, `_via`, `_struct`. */
export type ResultPrefix = 'resp_api_resp' | 'resp_data_source_resp' | 'resp_component_resp';

interface ResultFieldsProps extends Pick<StepProps, 'record' | 'onChange' | 'errors'> {
  prefix: ResultPrefix;
  vias: readonly string[];
  /** suggested struct keys */
  keys: readonly string[];
  lists: PlaceholderLists;
  /** the data types offered; none: no data type (a data source always answers rows), the limit always shown */
  dataTypes?: readonly string[];
}

/**
 * The data type (single or multi), the limit (only for multi; spec §9), via and struct of an api, data source
 * or component response.
 */
export function ResultFields({
  prefix,
  record,
  onChange,
  errors,
  vias,
  keys,
  lists,
  dataTypes,
}: ResultFieldsProps) {
  const read = (field: string) => record[`${prefix}_${field}` as keyof ResponseBody];
  const write = (field: string, value: unknown) =>
    onChange({ [`${prefix}_${field}`]: value } as Partial<ResponseBody>);
  const dataType = dataTypes ? String(read('data_type')) : 'multi';
  const via = String(read('via'));
  return (
    <>
      {dataTypes && (
        <DataTypeControl
          value={dataType}
          dataTypes={dataTypes}
          onChange={(value) => write('data_type', value)}
        />
      )}
      {dataType === 'multi' && (
        <LimitInput
          value={read('data_limit')}
          onChange={(limit) => write('data_limit', limit)}
          error={errors[`${prefix}_data_limit`]}
        />
      )}
      <ViaSelect vias={vias} value={via} onChange={(value) => write('via', value)} />
      <ResponseStructFields
        via={via}
        struct={read('struct') as ResponseStruct}
        onChange={(struct) => write('struct', struct)}
        keys={keys}
        lists={lists}
      />
    </>
  );
}
