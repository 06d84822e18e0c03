import type { DatasetField } from '@hiwar/contracts';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TagInput } from '../../../components/tag-input.tsx';
import { ImageField } from './image-field.tsx';
import { LocationField } from './location-field.tsx';
import { numberText } from './number-text.ts';
import type { DraftValue, LocationDraft } from './record-drafts.ts';

interface RecordFieldInputProps {
  field: DatasetField;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
  error?: string;
}

/**
 * The editor of one field of a record, by the field's type (a number's text keeps only what a number may hold).
 * Every field's value is editable: a field's permission (`r`) guards its definition — name and type, as a
 * menu's fixed fields — not the records' values (a menu's items need their titles and prices).
 */
export function RecordFieldInput({ field, value, onChange, error }: RecordFieldInputProps) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'list':
      return (
        <TagInput
          label={field.name}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          error={error}
          description={t('datasets.records.listHint')}
        />
      );
    case 'image':
      return <ImageField label={field.name} value={text} onChange={onChange} error={error} />;
    case 'location':
      return (
        <LocationField label={field.name} value={value as LocationDraft} onChange={onChange} error={error} />
      );
    default: {
      const isNumber = field.type === 'number';
      return (
        <TextInput
          label={field.name}
          value={text}
          error={error}
          {...(isNumber && { inputMode: 'decimal' as const, dir: 'ltr' })}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            onChange(isNumber ? numberText(typed) : typed);
          }}
        />
      );
    }
  }
}
