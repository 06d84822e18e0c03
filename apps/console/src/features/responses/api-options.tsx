import { responseVias } from '@hiwar/contracts';
import { Fieldset, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiParameters } from './api-parameters.tsx';
import {
  DataTypeControl,
  LimitInput,
  ResponseStructFields,
  ViaSelect,
} from './builders/result-layout-fields.tsx';
import { usePlaceholderLists } from './builders/use-placeholder-lists.ts';
import { ExtraOptionsEditor } from './extra-options-editor.tsx';
import { LocalizedTextInput } from './localized-text-input.tsx';
import type { StepProps } from './step-props.ts';

/** Spec part 2 §9: an api answer is shown as text, quick replies, cards, a video or an image. */
const apiVias = responseVias.filter((via) => via !== 'receipt');

function Choice({
  label,
  value,
  data,
  onChange,
}: {
  label: string;
  value: string;
  data: { value: string; label: string }[];
  onChange(value: string): void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl w="fit-content" value={value} data={data} onChange={onChange} aria-label={label} />
    </Stack>
  );
}

/** The api response's extra message and options, shown after the answer. */
export function ApiExtraResponse({ record, onChange, errors }: StepProps) {
  const { t } = useTranslation();
  const extra = record.resp_api_extra_resp;
  return (
    <Fieldset legend={t('responses.api.extraResponse')}>
      <Stack gap="sm">
        <LocalizedTextInput
          label={t('responses.api.extraMessage')}
          value={extra.message}
          versions={extra.message_langs}
          onChange={(message, versions) =>
            onChange({ resp_api_extra_resp: { ...extra, message, message_langs: versions } })
          }
          isMultiline
        />
        <ExtraOptionsEditor
          legend={t('responses.api.extraOptions')}
          options={extra.options}
          onChange={(options) => onChange({ resp_api_extra_resp: { ...extra, options } })}
          error={errors['resp_api_extra_resp.options']}
        />
      </Stack>
    </Fieldset>
  );
}

/** The API request editor (spec part 2 §2 options/api): the request, how to read its answer, how to show it. */
export function ApiOptions(props: StepProps) {
  const { t } = useTranslation();
  const { record, onChange, errors, commandId } = props;
  const lists = usePlaceholderLists(props);
  const method = record.resp_api_req_type.toUpperCase();
  return (
    <Stack gap="md">
      <TextInput
        label={t('responses.api.url')}
        placeholder="https://"
        required
        dir="ltr"
        value={record.resp_api_url}
        maxLength={2000}
        onChange={(event) => onChange({ resp_api_url: event.currentTarget.value })}
        error={errors.resp_api_url}
      />
      <Choice
        label={t('responses.api.method')}
        value={method}
        data={['GET', 'POST'].map((value) => ({ value, label: value }))}
        onChange={(value) => onChange({ resp_api_req_type: value === 'POST' ? 'post' : 'get' })}
      />
      <Textarea
        label={t('responses.api.headers')}
        description={t('responses.api.headersHint')}
        dir="ltr"
        autosize
        minRows={2}
        value={record.resp_api_headers}
        onChange={(event) => onChange({ resp_api_headers: event.currentTarget.value })}
      />
      <ApiParameters
        commandId={commandId}
        parameters={record.resp_api_pars}
        onChange={(parameters) => onChange({ resp_api_pars: parameters })}
        error={errors.resp_api_pars}
      />
      <Choice
        label={t('responses.api.responseType')}
        value={record.resp_api_resp_type}
        data={(['json', 'text'] as const).map((value) => ({ value, label: t(`responses.api.${value}`) }))}
        onChange={(value) => onChange({ resp_api_resp_type: value === 'text' ? 'text' : 'json' })}
      />
      <TextInput
        label={t('responses.api.dataField')}
        description={t('responses.api.dataFieldHint')}
        dir="ltr"
        value={record.resp_api_resp_data_field}
        onChange={(event) => onChange({ resp_api_resp_data_field: event.currentTarget.value })}
      />
      <DataTypeControl
        value={record.resp_api_resp_data_type}
        onChange={(dataType) => onChange({ resp_api_resp_data_type: dataType })}
      />
      {record.resp_api_resp_data_type === 'multi' && (
        <LimitInput
          value={record.resp_api_resp_data_limit}
          onChange={(limit) => onChange({ resp_api_resp_data_limit: limit as number })}
          error={errors.resp_api_resp_data_limit}
        />
      )}
      <ViaSelect
        vias={apiVias}
        value={record.resp_api_resp_via}
        onChange={(via) => onChange({ resp_api_resp_via: via as typeof record.resp_api_resp_via })}
      />
      <ResponseStructFields
        via={record.resp_api_resp_via}
        struct={record.resp_api_resp_struct}
        onChange={(struct) => onChange({ resp_api_resp_struct: struct })}
        keys={[]}
        lists={lists}
      />
      <ApiExtraResponse {...props} />
    </Stack>
  );
}
