import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TagInput } from './tag-input.tsx';

export interface VariableLabel {
  keyword: string;
  syns: string[];
}

interface LabelsEditorProps {
  value: VariableLabel[];
  onChange: (value: VariableLabel[]) => void;
}

/** var_labels of a list variable: each row a keyword and the synonyms that also mean it. */
export function LabelsEditor({ value, onChange }: LabelsEditorProps) {
  const { t } = useTranslation();
  const updateRow = (index: number, row: Partial<VariableLabel>) =>
    onChange(value.map((existing, at) => (at === index ? { ...existing, ...row } : existing)));
  const removeRow = (index: number) => onChange(value.filter((_, at) => at !== index));
  const addRow = () => onChange([...value, { keyword: '', syns: [] }]);

  return (
    <Fieldset legend={t('variables.form.labels')} data-testid="variable-labels">
      <Stack gap="sm">
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('variables.form.noLabels')}
          </Text>
        )}
        {value.map((row, index) => (
          // rows have no id of their own; their position is their identity while editing
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} align="flex-start" wrap="nowrap" data-testid="variable-label-row">
            <TextInput
              dir="auto"
              label={t('variables.form.keyword')}
              value={row.keyword}
              onChange={(event) => updateRow(index, { keyword: event.currentTarget.value })}
              w="35%"
            />
            <div style={{ flex: 1 }}>
              <TagInput
                label={t('variables.form.synonyms')}
                placeholder={t('variables.form.tagPlaceholder')}
                value={row.syns}
                onChange={(syns) => updateRow(index, { syns })}
              />
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={t('variables.form.removeLabel', { keyword: row.keyword || index + 1 })}
              onClick={() => removeRow(index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={16} />} onClick={addRow}>
            {t('variables.form.addLabel')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
