import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagInput } from '../../components/tag-input.tsx';
import { addValues, hasValue, type ListValue } from './list-values.ts';

interface ListValuesEditorProps {
  value: ListValue[];
  onChange: (value: ListValue[]) => void;
  error?: ReactNode;
}

/** Typed at once: "small, medium, large" adds three values (Arabic comma too). */
const splitTyped = (text: string) => text.split(/[,،]/);

function NewValueField({ values, onAdd }: { values: ListValue[]; onAdd: (texts: string[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const texts = splitTyped(text).filter((part) => part.trim() !== '');
  const isDuplicate = texts.length === 1 && hasValue(values, texts[0] ?? '');
  const add = () => {
    if (texts.length === 0 || isDuplicate) return;
    onAdd(texts);
    setText('');
  };
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault(); // Enter adds the value; it never submits the variable form
    add();
  };
  return (
    <Group align="flex-start" wrap="nowrap">
      <TextInput
        label={t('variables.form.newValue')}
        description={t('variables.form.newValueHint')}
        placeholder={t('variables.form.tagPlaceholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={addOnEnter}
        error={isDuplicate ? t('variables.form.duplicateValue') : undefined}
        style={{ flex: 1 }}
      />
      <Button variant="light" mt={46} leftSection={<IconPlus size={16} />} onClick={add}>
        {t('variables.form.addValue')}
      </Button>
    </Group>
  );
}

/**
 * The values of a list or datasetList variable, each with its synonyms edited in place. A value is what the
 * variable answers; its synonyms are other words that mean it (stored as the label whose keyword it is).
 */
export function ListValuesEditor({ value: values, onChange, error }: ListValuesEditorProps) {
  const { t } = useTranslation();
  const updateRow = (index: number, row: Partial<ListValue>) =>
    onChange(values.map((existing, at) => (at === index ? { ...existing, ...row } : existing)));
  const removeRow = (index: number) => onChange(values.filter((_, at) => at !== index));

  return (
    <Fieldset legend={t('variables.form.values')} data-testid="list-values">
      <Stack gap="sm">
        <NewValueField values={values} onAdd={(texts) => onChange(addValues(values, texts))} />
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {values.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('variables.form.noValues')}
          </Text>
        )}
        {values.map((row, index) => (
          // rows have no id of their own; their position is their identity while editing
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} align="flex-start" wrap="nowrap" data-testid="list-value-row">
            <TextInput
              label={t('variables.form.value')}
              value={row.value}
              onChange={(event) => updateRow(index, { value: event.currentTarget.value })}
              error={row.value.trim() === '' ? t('variables.form.listValueRequired') : undefined}
              w="35%"
            />
            <div style={{ flex: 1 }}>
              <TagInput
                label={t('variables.form.synonyms')}
                placeholder={t('variables.form.synonymPlaceholder')}
                value={row.synonyms}
                onChange={(synonyms) => updateRow(index, { synonyms })}
              />
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={t('variables.form.removeValue', { value: row.value || index + 1 })}
              onClick={() => removeRow(index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Fieldset>
  );
}
