import { MENU_MAX_DEPTH, type MenuItem, webviewHeightRatios } from '@hiwar/contracts';
import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formError, formRow } from '../../lib/invalid-field.ts';
import { EmojiPicker } from './emoji-picker.tsx';
import type { ChatbotForm } from './form-parts.tsx';
import {
  canAddItem,
  itemLimitOfLevel,
  itemTypesOfLevel,
  type MenuItemType,
  type MenuPath,
  menuItemField,
  menuListField,
  newMenuItem,
  withType,
} from './menu-tree.ts';

interface ItemProps {
  form: ChatbotForm;
  menuIndex: number;
  path: MenuPath;
  item: MenuItem;
}

function TypeFields({ form, menuIndex, path, item }: ItemProps) {
  const { t } = useTranslation();
  const field = menuItemField(menuIndex, path);
  if (item.type === 'postback') {
    return (
      <TextInput label={t('chatbot.menu.payload')} withAsterisk {...form.getInputProps(`${field}.payload`)} />
    );
  }
  if (item.type === 'web_url') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('chatbot.menu.url')}
          dir="ltr"
          withAsterisk
          type="url"
          placeholder="https://"
          {...form.getInputProps(`${field}.url`)}
        />
        <Select
          label={t('chatbot.menu.heightRatio')}
          allowDeselect={false}
          data={webviewHeightRatios.map((ratio) => ({
            value: ratio,
            label: t(`chatbot.menu.ratios.${ratio}`),
          }))}
          {...form.getInputProps(`${field}.webview_height_ratio`)}
        />
      </SimpleGrid>
    );
  }
  return null;
}

/** One menu item: title with emoji picker, type, its type's fields, and for a nested item its children. */
export function MenuItemEditor(props: ItemProps) {
  const { t } = useTranslation();
  const { form, menuIndex, path, item } = props;
  const level = path.length;
  const field = menuItemField(menuIndex, path);
  const titleInput = form.getInputProps(`${field}.title`);
  const childrenError = form.getInputProps(`${field}.call_to_actions`).error;
  const typeError = form.getInputProps(`${field}.type`).error;

  function pickEmoji(emoji: string) {
    form.setFieldValue(`${field}.emoji`, emoji);
    form.setFieldValue(`${field}.title`, `${item.title}${emoji}`);
  }

  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      data-menu-level={level}
      data-testid="menu-item"
      {...formRow(t('chatbot.menu.itemRow', { number: (path[path.length - 1] ?? 0) + 1 }))}
    >
      <Stack gap="xs">
        <Group align="flex-start" wrap="nowrap">
          <TextInput
            label={t('chatbot.menu.itemTitle', { level })}
            withAsterisk
            style={{ flex: 1 }}
            rightSection={<EmojiPicker onPick={pickEmoji} />}
            {...titleInput}
          />
          <Select
            label={t('chatbot.menu.type')}
            w={150}
            allowDeselect={false}
            data={itemTypesOfLevel(level).map((type) => ({
              value: type,
              label: t(`chatbot.menu.types.${type}`),
            }))}
            value={item.type}
            error={typeError}
            onChange={(type) =>
              type && form.setFieldValue(field, withType(item, type as MenuItemType, level))
            }
          />
          <ActionIcon
            mt={26}
            variant="subtle"
            color="red"
            aria-label={t('chatbot.menu.removeItem', { title: item.title || '…' })}
            onClick={() =>
              form.removeListItem(menuListField(menuIndex, path.slice(0, -1)), path[path.length - 1] ?? 0)
            }
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <TypeFields {...props} />
        {item.type === 'nested' && level < MENU_MAX_DEPTH && (
          <MenuItemList form={form} menuIndex={menuIndex} parentPath={path} items={item.call_to_actions} />
        )}
        {typeof childrenError === 'string' && (
          <Text size="xs" c="red" {...formError}>
            {childrenError}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The items of one level with the add button, limited to 8, 2 and 2 items on levels 1, 2 and 3. */
export function MenuItemList(props: {
  form: ChatbotForm;
  menuIndex: number;
  parentPath: MenuPath;
  items: MenuItem[];
}) {
  const { t } = useTranslation();
  const { form, menuIndex, parentPath, items } = props;
  const level = parentPath.length + 1;
  const listField = menuListField(menuIndex, parentPath);
  const listError = form.getInputProps(listField).error;
  return (
    <Stack gap="xs" ps={level > 1 ? 'lg' : 0}>
      {items.map((child, index) => (
        <MenuItemEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: items are form entries addressed by their position
          key={`${listField}.${index}`}
          form={form}
          menuIndex={menuIndex}
          path={[...parentPath, index]}
          item={child}
        />
      ))}
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={!canAddItem(level, items.length)}
          onClick={() => form.insertListItem(listField, newMenuItem())}
        >
          {level === 1 ? t('chatbot.menu.addItem') : t('chatbot.menu.addChild')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('chatbot.menu.count', { count: items.length, limit: itemLimitOfLevel(level) })}
        </Text>
      </Group>
      {typeof listError === 'string' && (
        <Text size="xs" c="red" {...formError}>
          {listError}
        </Text>
      )}
    </Stack>
  );
}
