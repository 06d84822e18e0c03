import { menuLocales } from '@hiwar/contracts';
import { ActionIcon, Button, Group, Paper, Select, Stack, Switch } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formRow } from '../../lib/invalid-field.ts';
import { type ChatbotForm, SettingsSection } from './form-parts.tsx';
import { MenuItemList } from './menu-item-editor.tsx';

/** Persistent Menu: one tree per locale (default, en_US), at most 3 levels deep. */
export function PersistentMenuSection({ form }: { form: ChatbotForm }) {
  const { t } = useTranslation();
  const menus = form.getValues().chatbot_persistent_menus;
  const unusedLocale = menuLocales.find((locale) => !menus.some((menu) => menu.locale === locale));
  return (
    <SettingsSection id="menu" title={t('chatbot.menu.title')} hint={t('chatbot.menu.hint')}>
      {menus.map((menu, menuIndex) => (
        <Paper
          key={menu.locale}
          withBorder
          p="sm"
          bg="var(--mantine-color-gray-light)"
          {...formRow(t('chatbot.menu.localeRow', { locale: t(`chatbot.menu.locales.${menu.locale}`) }))}
        >
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end">
              <Group align="flex-end">
                <Select
                  label={t('chatbot.menu.locale')}
                  w={160}
                  allowDeselect={false}
                  data={menuLocales.map((locale) => ({
                    value: locale,
                    label: t(`chatbot.menu.locales.${locale}`),
                    disabled: locale !== menu.locale && menus.some((other) => other.locale === locale),
                  }))}
                  {...form.getInputProps(`chatbot_persistent_menus.${menuIndex}.locale`)}
                />
                <Switch
                  label={t('chatbot.menu.composerDisabled')}
                  mb={6}
                  {...form.getInputProps(`chatbot_persistent_menus.${menuIndex}.composer_input_disabled`, {
                    type: 'checkbox',
                  })}
                />
              </Group>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('chatbot.menu.removeMenu', { locale: menu.locale })}
                onClick={() => form.removeListItem('chatbot_persistent_menus', menuIndex)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <MenuItemList form={form} menuIndex={menuIndex} parentPath={[]} items={menu.call_to_actions} />
          </Stack>
        </Paper>
      ))}
      {unusedLocale && (
        <Group>
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              form.insertListItem('chatbot_persistent_menus', {
                locale: unusedLocale,
                composer_input_disabled: false,
                call_to_actions: [],
              })
            }
          >
            {t('chatbot.menu.addMenu')}
          </Button>
        </Group>
      )}
    </SettingsSection>
  );
}
