import { Alert, Stack } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DataSourceTablesField } from '../../data-sources/index.ts';
import type { StepProps } from '../step-props.ts';
import { PlaceholderTextarea } from './placeholder-field.tsx';
import { replaceRange } from './placeholder-tokens.ts';
import { ResultFields, viasOf } from './result-layout-fields.tsx';
import { usePlaceholderLists } from './use-placeholder-lists.ts';

/**
 * options/datasource: the data source, the SQL (with `{{variable}}` placeholders — sent as bound parameters,
 * never spliced into the text), the tables of the source as chips that insert their name at the caret, the
 * limit, via and struct.
 */
export function SqlEditor(props: StepProps) {
  const { record, onChange, errors } = props;
  const { t } = useTranslation();
  const lists = usePlaceholderLists(props);
  const sqlRef = useRef<HTMLTextAreaElement | HTMLInputElement | null>(null);
  const sql = record.resp_data_source_query_string;

  const insertTable = (table: string) => {
    const element = sqlRef.current;
    const start = element?.selectionStart ?? sql.length;
    const end = element?.selectionEnd ?? start;
    const next = replaceRange(sql, start, end, table);
    onChange({ resp_data_source_query_string: next.text });
    element?.focus();
  };

  return (
    <Stack gap="md">
      <DataSourceTablesField
        label={t('responses.builders.sql.source')}
        value={record.resp_data_source_id}
        onChange={(id) => onChange({ resp_data_source_id: id })}
        onTablePick={insertTable}
      />
      {errors.resp_data_source_id && (
        <Alert color="red" variant="light">
          {errors.resp_data_source_id}
        </Alert>
      )}
      <PlaceholderTextarea
        inputRef={sqlRef}
        label={t('responses.builders.sql.query')}
        description={t('responses.builders.sql.queryHint')}
        value={sql}
        onChange={(text) => onChange({ resp_data_source_query_string: text })}
        lists={lists}
        error={errors.resp_data_source_query_string}
        autosize
        minRows={6}
        dir="ltr"
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Alert color="blue" variant="light" icon={<IconShieldCheck size={18} />}>
        {t('responses.builders.sql.boundParameters', { placeholder: '{{variable}}' })}
      </Alert>
      <ResultFields
        prefix="resp_data_source_resp"
        record={record}
        onChange={onChange}
        errors={errors}
        vias={viasOf.datasource}
        keys={[]}
        lists={lists}
      />
    </Stack>
  );
}
