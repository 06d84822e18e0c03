import type { ResponseType } from '@hiwar/contracts';
import { Button, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEditorOutlet } from './editor-context.ts';
import { stepAfterType } from './response-steps.ts';
import { saveResponseType } from './responses-api.ts';
import { type TypeChoice, TypePicker, typeChoiceOf, typeChoices } from './type-picker.tsx';
import type { TypeSelection } from './type-selection.ts';

/** The stored types the template shows (Static Text keeps whichever of them is stored). */
const templateTypes: readonly ResponseType[] = ['text', 'quick_rep', 'static_cards', 'location'];

function storedTypeOf(choice: TypeChoice, current: ResponseType): ResponseType {
  if (choice === 'text') return templateTypes.includes(current) ? current : 'text';
  if (choice === 'dataset') return 'ds';
  if (choice === 'datasource') return 'data_source';
  return choice;
}

/** The id field each choice picks, and whether it must be picked before saving. */
const pickedField: Partial<Record<TypeChoice, { field: keyof TypeSelection; isRequired: boolean }>> = {
  dataset: { field: 'resp_dataset_id', isRequired: true },
  datasource: { field: 'resp_data_source_id', isRequired: true },
  menu: { field: 'resp_menu_id', isRequired: false },
  shopping_cart: { field: 'resp_menu_id', isRequired: true },
  component: { field: 'resp_component_id', isRequired: true },
  sub: { field: 'resp_sub_channel', isRequired: true },
};

/** The type step (spec part 2 §2): the type cards with their pickers; saving goes to the type's options or the template. */
export function TypeStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const outlet = useEditorOutlet();
  const record = outlet.editor.record;
  // a command without a stored response starts with no type, so Next waits for one
  const [choice, setChoice] = useState<TypeChoice | null>(
    record && outlet.editor.isStored ? typeChoiceOf(record.resp_type) : null,
  );
  const [selection, setSelection] = useState<TypeSelection>({
    resp_dataset_id: record?.resp_dataset_id ?? null,
    resp_data_source_id: record?.resp_data_source_id ?? null,
    resp_menu_id: record?.resp_menu_id ?? null,
    resp_component_id: record?.resp_component_id ?? null,
    resp_sub_channel: record?.resp_sub_channel ?? null,
  });
  const [isSaving, setIsSaving] = useState(false);

  async function save() {
    if (!choice || !record) return;
    const picked = pickedField[choice];
    if (picked?.isRequired && selection[picked.field] === null) {
      notifications.show({
        color: 'blue',
        message: t('responses.type.chooseFirst', { type: t(`responses.type.things.${choice}`) }),
      });
      return;
    }
    const type = storedTypeOf(choice, record.resp_type);
    setIsSaving(true);
    try {
      await saveResponseType(outlet.commandId, { resp_type: type, ...selection });
      await outlet.editor.reload();
      navigate(`${outlet.basePath}/${stepAfterType(type)}`);
    } catch {
      notifications.show({ color: 'red', message: t('responses.serverError') });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Stack gap="md">
      <Title order={3} fz="md">
        {t('responses.type.title')}
      </Title>
      <Radio.Group value={choice} onChange={(value) => setChoice(value as TypeChoice)}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {typeChoices.map((type) => (
            <Radio.Card
              key={type}
              value={type}
              p="sm"
              radius="md"
              aria-label={t(`responses.type.cards.${type}`)}
            >
              <Group wrap="nowrap" align="flex-start" gap="xs">
                <Radio.Indicator />
                <div>
                  <Text fw={600} size="sm">
                    {t(`responses.type.cards.${type}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`responses.type.hints.${type}`)}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      {choice && (
        <TypePicker
          choice={choice}
          selection={selection}
          onChange={(patch) => setSelection((current) => ({ ...current, ...patch }))}
        />
      )}
      <Group>
        <Button onClick={() => void save()} disabled={choice === null} loading={isSaving}>
          {t('responses.next')}
        </Button>
      </Group>
    </Stack>
  );
}
