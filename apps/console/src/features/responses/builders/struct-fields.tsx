import { MAX_CARD_BUTTONS } from '@hiwar/contracts';
import { ActionIcon, Autocomplete, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderInput } from './placeholder-field.tsx';
import type { PlaceholderLists } from './placeholder-tokens.ts';

export type StructFieldName = 'title' | 'subtitle' | 'media' | 'item_label' | 'item_value';

/** One message field: the item's value at `key`, else the default text (with `{{…}}` placeholders). */
export interface StructSlot {
  key: string;
  fallback: string;
}

export interface StructButton {
  item_label_key: string;
  item_label_default_value: string;
  item_value_key: string;
  item_value_default_value: string;
}

export const emptyStructButton = (): StructButton => ({
  item_label_key: '',
  item_label_default_value: '',
  item_value_key: '',
  item_value_default_value: '',
});

const buttonParts = ['item_label', 'item_value'] as const;

/** Which of the struct's fields a via shows (as `render-items.ts` reads them). */
export function structFieldsOf(via: string): { fields: StructFieldName[]; hasButtons: boolean } {
  switch (via) {
    case 'quick_rep':
      return { fields: ['title', 'item_label', 'item_value'], hasButtons: false };
    case 'card':
      return { fields: ['title', 'subtitle', 'media'], hasButtons: true };
    case 'video':
    case 'Image':
      return { fields: ['media'], hasButtons: false };
    case 'receipt':
      return { fields: [], hasButtons: false };
    default:
      return { fields: ['title', 'subtitle'], hasButtons: false };
  }
}

interface SlotRowProps {
  label: string;
  slot: StructSlot;
  onChange: (slot: StructSlot) => void;
  keys: readonly string[];
  lists: PlaceholderLists;
}

function SlotRow({ label, slot, onChange, keys, lists }: SlotRowProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      <Autocomplete
        label={t('responses.builders.struct.keyOf', { field: label })}
        data={[...new Set(keys)]}
        value={slot.key}
        onChange={(key) => onChange({ ...slot, key })}
        dir="ltr"
      />
      <PlaceholderInput
        label={t('responses.builders.struct.defaultOf', { field: label })}
        value={slot.fallback}
        onChange={(fallback) => onChange({ ...slot, fallback })}
        lists={lists}
      />
    </SimpleGrid>
  );
}

interface StructFieldsProps {
  via: string;
  read: (field: StructFieldName) => StructSlot;
  write: (field: StructFieldName, slot: StructSlot) => void;
  buttons: StructButton[];
  onButtonsChange: (buttons: StructButton[]) => void;
  /** suggested keys: the dataset's columns, the component's fields, the result's columns */
  keys: readonly string[];
  lists: PlaceholderLists;
}

/**
 * The response struct (spec part 2 §3): each field shown by the via as a key into the item and a default text,
 * and for cards at most 3 buttons with a label and a value each.
 */
export function StructFields({ via, read, write, buttons, onButtonsChange, keys, lists }: StructFieldsProps) {
  const { t } = useTranslation();
  const { fields, hasButtons } = structFieldsOf(via);
  if (fields.length === 0) return null;
  const setButton = (index: number, button: StructButton) =>
    onButtonsChange(buttons.map((old, at) => (at === index ? button : old)));
  return (
    <Fieldset legend={t('responses.builders.struct.title')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('responses.builders.struct.hint')}
        </Text>
        {fields.map((field) => (
          <SlotRow
            key={field}
            label={t(`responses.builders.struct.fields.${field}`)}
            slot={read(field)}
            onChange={(slot) => write(field, slot)}
            keys={keys}
            lists={lists}
          />
        ))}
        {hasButtons &&
          buttons.map((button, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id; their place is their identity
            <Fieldset key={index} legend={t('responses.builders.struct.button', { number: index + 1 })}>
              <Group justify="flex-end">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('responses.builders.struct.removeButton', { number: index + 1 })}
                  onClick={() => onButtonsChange(buttons.filter((_, at) => at !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {buttonParts.map((part) => (
                <SlotRow
                  key={part}
                  label={t(`responses.builders.struct.fields.${part}`)}
                  slot={{ key: button[`${part}_key`], fallback: button[`${part}_default_value`] }}
                  onChange={(slot) =>
                    setButton(index, {
                      ...button,
                      [`${part}_key`]: slot.key,
                      [`${part}_default_value`]: slot.fallback,
                    })
                  }
                  keys={keys}
                  lists={lists}
                />
              ))}
            </Fieldset>
          ))}
        {hasButtons && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={buttons.length >= MAX_CARD_BUTTONS}
            onClick={() => onButtonsChange([...buttons, emptyStructButton()])}
            w="fit-content"
          >
            {t('responses.builders.struct.addButton')}
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}
