import { ActionIcon, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnTextCell } from '../../components/own-text.tsx';
import { type FallbackOption, type OptionProblem, saveOption } from './fallback-options.ts';

interface FallbackOptionsTableProps {
  value: FallbackOption[];
  onChange: (value: FallbackOption[]) => void;
}

const EMPTY_OPTION: FallbackOption = { label: '', val: '' };

/** var_fallback_options: the quick replies offered when the answer does not fit the variable. */
export function FallbackOptionsTable({ value, onChange }: FallbackOptionsTableProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FallbackOption>(EMPTY_OPTION);
  const [editingIndex, setEditingIndex] = useState<number | null>(null);
  const [problem, setProblem] = useState<OptionProblem | null>(null);

  const resetDraft = () => {
    setDraft(EMPTY_OPTION);
    setEditingIndex(null);
    setProblem(null);
  };
  const submitDraft = () => {
    const result = saveOption(value, draft, editingIndex);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    onChange(result.options);
    resetDraft();
  };
  const startEditing = (index: number) => {
    setDraft(value[index] ?? EMPTY_OPTION);
    setEditingIndex(index);
    setProblem(null);
  };
  const removeOption = (index: number) => {
    onChange(value.filter((_, at) => at !== index));
    if (editingIndex === index) resetDraft();
  };

  return (
    <div data-testid="fallback-options">
      <Table withTableBorder verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('variables.form.optionLabel')}</Table.Th>
            <Table.Th>{t('variables.form.optionValue')}</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text size="sm" c="dimmed" ta="center">
                  {t('variables.noData')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {value.map((option, index) => (
            <Table.Tr key={option.label}>
              <OwnTextCell>{option.label}</OwnTextCell>
              <OwnTextCell>{option.val}</OwnTextCell>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('variables.form.editOption', { label: option.label })}
                    onClick={() => startEditing(index)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('variables.form.removeOption', { label: option.label })}
                    onClick={() => removeOption(index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="flex-start" mt="xs" wrap="nowrap">
        <TextInput
          label={t('variables.form.optionLabel')}
          value={draft.label}
          onChange={(event) => setDraft({ ...draft, label: event.currentTarget.value })}
          error={
            problem === 'labelRequired' || problem === 'labelTaken' ? t(`variables.form.${problem}`) : null
          }
          style={{ flex: 1 }}
        />
        <TextInput
          label={t('variables.form.optionValue')}
          value={draft.val}
          onChange={(event) => setDraft({ ...draft, val: event.currentTarget.value })}
          error={problem === 'valueRequired' ? t('variables.form.valueRequired') : null}
          style={{ flex: 1 }}
        />
        <Group gap="xs" mt={25} wrap="nowrap">
          <Button size="sm" variant="light" onClick={submitDraft}>
            {editingIndex === null ? t('variables.form.addOption') : t('variables.form.updateOption')}
          </Button>
          {editingIndex !== null && (
            <Button size="sm" variant="subtle" color="gray" onClick={resetDraft}>
              {t('common.cancel')}
            </Button>
          )}
        </Group>
      </Group>
    </div>
  );
}
