import type { FallbackOption } from '@hiwar/contracts';
import { ActionIcon, Button, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formError } from '../../lib/invalid-field.ts';
import { FallbackOptionModal } from './fallback-option-modal.tsx';
import { applyFallbackOption, type OptionModalMode } from './fallback-options.ts';
import type { ChatbotForm } from './form-parts.tsx';

/** The label/value options of an `options` fallback, edited through the option modal (mode new or edit). */
export function FallbackOptionsTable({ form }: { form: ChatbotForm }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<OptionModalMode | null>(null);
  const options = form.getValues().chatbot_fallback_options;
  const listError = form.getInputProps('chatbot_fallback_options').error;

  function saveOption(option: FallbackOption) {
    if (target)
      form.setFieldValue('chatbot_fallback_options', applyFallbackOption(options, option, target).options);
    setTarget(null);
  }

  const editing = target?.mode === 'edit' ? options[target.index] : undefined;
  return (
    <div>
      <Group justify="space-between" mb="xs">
        <Text fw={500} size="sm">
          {t('chatbot.options.title')}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setTarget({ mode: 'new' })}
        >
          {t('chatbot.options.add')}
        </Button>
      </Group>
      <Table withTableBorder striped aria-label={t('chatbot.options.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('chatbot.options.label')}</Table.Th>
            <Table.Th>{t('chatbot.options.value')}</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {options.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text size="sm" c="dimmed" ta="center">
                  {t('chatbot.options.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {options.map((option, index) => (
            <Table.Tr key={option.label}>
              <Table.Td>{option.label}</Table.Td>
              <Table.Td>{option.val}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('chatbot.options.edit', { label: option.label })}
                    onClick={() => setTarget({ mode: 'edit', index })}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('chatbot.options.remove', { label: option.label })}
                    onClick={() => form.removeListItem('chatbot_fallback_options', index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {typeof listError === 'string' && (
        <Text size="xs" c="red" mt={4} {...formError}>
          {listError}
        </Text>
      )}
      <FallbackOptionModal
        opened={target !== null}
        mode={target?.mode ?? 'new'}
        initial={editing ?? { label: '', val: '' }}
        plainLanguage={form.getValues().messenger_settings.default_lang}
        onSave={saveOption}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
