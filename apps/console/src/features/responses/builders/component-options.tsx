import { Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StepProps } from '../step-props.ts';
import { useComponentChoices } from './builders-api.ts';
import { emptyResponseStruct, ResultFields, viasOf } from './result-layout-fields.tsx';
import { usePlaceholderLists } from './use-placeholder-lists.ts';

/**
 * options/component: the component (grouped by category), data type single or multi, the limit (multi only),
 * via and struct. Picking another component resets them (spec part 2 §4): single, limit 1, via text, an empty
 * struct.
 */
export function ComponentOptions(props: StepProps) {
  const { record, onChange, errors } = props;
  const { t } = useTranslation();
  const components = useComponentChoices();
  const choices = components.data ?? [];
  const chosen = choices.find((component) => component.id === record.resp_component_id);
  const lists = usePlaceholderLists(props, chosen?.fields ?? []);
  const groups = [...new Set(choices.map((component) => component.category))].map((category) => ({
    group: category || t('responses.builders.component.other'),
    items: choices
      .filter((component) => component.category === category)
      .map((component) => ({ value: String(component.id), label: component.name })),
  }));

  const pickComponent = (id: string | null) => {
    const componentId = id === null ? null : Number(id);
    if (componentId === record.resp_component_id) return;
    onChange({
      resp_component_id: componentId,
      resp_component_resp_data_type: 'single',
      resp_component_resp_data_limit: 1,
      resp_component_resp_via: 'text',
      resp_component_resp_struct: emptyResponseStruct(),
    });
  };

  return (
    <Stack gap="md">
      <Select
        label={t('responses.builders.component.label')}
        data={groups}
        value={record.resp_component_id === null ? null : String(record.resp_component_id)}
        onChange={pickComponent}
        error={errors.resp_component_id}
        placeholder={
          components.isSuccess && choices.length === 0 ? t('responses.builders.component.none') : undefined
        }
        allowDeselect={false}
        searchable
      />
      {components.isSuccess && choices.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('responses.builders.component.none')}
        </Text>
      )}
      {chosen?.description && (
        <Text size="sm" c="dimmed">
          {chosen.description}
        </Text>
      )}
      <ResultFields
        prefix="resp_component_resp"
        record={record}
        onChange={onChange}
        errors={errors}
        vias={viasOf.component}
        keys={chosen?.fields ?? []}
        lists={lists}
        dataTypes={chosen?.dataTypes ?? ['single', 'multi']}
      />
    </Stack>
  );
}
