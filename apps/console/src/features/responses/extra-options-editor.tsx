import type { LocalizedTexts } from '@hiwar/contracts';
import { Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditableList, useListEditor } from './editable-list.tsx';
import { LocalizedTextInput } from './localized-text-input.tsx';
import { responseMessage } from './response-messages.ts';

export interface ExtraOption {
  label: string;
  label_langs?: LocalizedTexts;
  value: string;
}

type OptionProblem = 'optionIncomplete' | 'optionLabelTaken';

/** Label and value non-empty, the label not used by another option (spec part 2 §5 "Extra option"). */
function optionProblem(options: ExtraOption[], draft: ExtraOption, index: number): OptionProblem | null {
  if (draft.label.trim() === '' || draft.value.trim() === '') return 'optionIncomplete';
  const label = draft.label.trim();
  return options.some((option, at) => at !== index && option.label.trim() === label)
    ? 'optionLabelTaken'
    : null;
}

interface ExtraOptionsEditorProps {
  legend: string;
  options: ExtraOption[];
  onChange(options: ExtraOption[]): void;
  error?: string;
}

/** Options of label and value (menu extra options, an api response's extra options), the label in every language. */
export function ExtraOptionsEditor({ legend, options, onChange, error }: ExtraOptionsEditorProps) {
  const { t } = useTranslation();
  const editor = useListEditor<ExtraOption, OptionProblem>({
    items: options,
    onChange,
    empty: () => ({ label: '', value: '' }),
    problemOf: (draft, index) => optionProblem(options, draft, index),
    clean: (draft) => ({ ...draft, label: draft.label.trim(), value: draft.value.trim() }),
  });
  const { draft, setDraft, problem } = editor;
  return (
    <EditableList
      legend={legend}
      items={options}
      onChange={onChange}
      editor={editor}
      describe={(option) => `${option.label} → ${option.value}`}
      labels={{
        edit: (option) => t('responses.options.editOption', { label: option.label }),
        remove: (option) => t('responses.options.removeOption', { label: option.label }),
        add: t('responses.options.addOption'),
        update: t('responses.options.updateOption'),
      }}
      rowTestId="extra-option"
      error={error}
    >
      {options.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('responses.options.noOptions')}
        </Text>
      )}
      <LocalizedTextInput
        label={t('responses.options.optionLabel')}
        value={draft.label}
        versions={draft.label_langs}
        maxLength={200}
        onChange={(label, versions) => setDraft({ ...draft, label, label_langs: versions })}
        error={problem ? responseMessage(t, problem) : undefined}
      />
      <TextInput
        label={t('responses.options.optionValue')}
        value={draft.value}
        maxLength={1000}
        onChange={(event) => setDraft({ ...draft, value: event.currentTarget.value })}
      />
    </EditableList>
  );
}
