import {
  type DatasetField,
  MAX_RECORD_FILTERS,
  type RecordFilterInput,
  recordFilterOperators,
} from '@hiwar/contracts';
import { ActionIcon, Badge, Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilter, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type RecordFilter = RecordFilterInput;

interface RecordFiltersProps {
  schema: DatasetField[];
  filters: RecordFilter[];
  onChange: (filters: RecordFilter[]) => void;
}

/** The fields a filter compares: texts, numbers and lists (a location or an image has no value to compare). */
const isFilterable = (field: DatasetField) =>
  field.type === 'text' || field.type === 'number' || field.type === 'list';

const emptyDraft = { field: '', rel: '=' as RecordFilter['rel'], value: '' };

/**
 * Filters on field values above the records grid (`get-with-keys` `filters`): a field, a comparison and a
 * value make one; the active ones show as badges that remove themselves, and every one must hold.
 */
export function RecordFilters({ schema, filters, onChange }: RecordFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(emptyDraft);
  const fields = schema.filter(isFilterable).map((field) => ({ value: field.name, label: field.name }));
  const isFull = filters.length >= MAX_RECORD_FILTERS;
  const operatorLabel = (rel: RecordFilter['rel']) =>
    t(`datasets.records.filters.operators.${rel === 'LIKE' ? 'like' : rel}`);

  function add() {
    if (draft.field === '' || isFull) return;
    onChange([...filters, draft]);
    setDraft({ ...emptyDraft, field: draft.field });
  }

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label={t('datasets.records.filters.field')}
        placeholder={t('datasets.records.filters.chooseField')}
        data={fields}
        value={draft.field || null}
        onChange={(field) => setDraft({ ...draft, field: field ?? '' })}
        w={170}
      />
      <Select
        label={t('datasets.records.filters.operator')}
        data={recordFilterOperators.map((rel) => ({ value: rel, label: operatorLabel(rel) }))}
        value={draft.rel}
        onChange={(rel) => setDraft({ ...draft, rel: (rel ?? '=') as RecordFilter['rel'] })}
        allowDeselect={false}
        w={150}
      />
      <TextInput
        label={t('datasets.records.filters.value')}
        value={draft.value}
        onChange={(event) => setDraft({ ...draft, value: event.currentTarget.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        w={170}
      />
      <Button
        variant="light"
        leftSection={<IconFilter size={16} />}
        disabled={draft.field === '' || isFull}
        onClick={add}
      >
        {t('datasets.records.filters.add')}
      </Button>
      {filters.map((filter, index) => (
        <Badge
          // biome-ignore lint/suspicious/noArrayIndexKey: two filters may be the same; their place tells them apart
          key={index}
          size="lg"
          variant="light"
          tt="none"
          rightSection={
            <ActionIcon
              size="xs"
              variant="transparent"
              aria-label={t('datasets.records.filters.remove', { field: filter.field })}
              onClick={() => onChange(filters.filter((_, other) => other !== index))}
            >
              <IconX size={12} />
            </ActionIcon>
          }
        >
          <bdi>{filter.field}</bdi> {operatorLabel(filter.rel)} <bdi>{filter.value}</bdi>
        </Badge>
      ))}
    </Group>
  );
}
