import {
  ActionIcon,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconBrandFacebook, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ChatbotForm, FlagSwitch, SettingsSection } from './form-parts.tsx';

/** Spec §9: the Facebook authorisation popup is 550 by 550. */
const POPUP_FEATURES = 'width=550,height=550,menubar=no,toolbar=no';

function newPage() {
  return {
    chatbot_app_status: 0 as const,
    chatbot_app_credentials: { name: '', verify_token: '', page_id: '', access_token: '' },
  };
}

function PageCard({ form, index }: { form: ChatbotForm; index: number }) {
  const { t } = useTranslation();
  const at = `apps.facebook.${index}`;
  const page = form.getValues().apps.facebook[index];
  const isOn = page?.chatbot_app_status === 1;
  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <FlagSwitch form={form} path={`${at}.chatbot_app_status`} label={t('chatbot.channels.appStatus')} />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('chatbot.facebook.removePage', { index: index + 1 })}
            onClick={() => form.removeListItem('apps.facebook', index)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <TextInput
          label={t('chatbot.facebook.pageName')}
          withAsterisk
          {...form.getInputProps(`${at}.chatbot_app_credentials.name`)}
        />
        {isOn && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('chatbot.facebook.pageId')}
              {...form.getInputProps(`${at}.chatbot_app_credentials.page_id`)}
            />
            <PasswordInput
              label={t('chatbot.facebook.accessToken')}
              autoComplete="off"
              {...form.getInputProps(`${at}.chatbot_app_credentials.access_token`)}
            />
            <PasswordInput
              label={t('chatbot.channels.verifyToken')}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps(`${at}.chatbot_app_credentials.verify_token`)}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

/** Facebook: the connected pages, each with its own app status and credentials. */
/** The Facebook Login popup's address: the owner's id and the chatbot's public token, which the server checks. */
export function facebookPopupUrl(userId: number, userToken: string): string {
  return `/authorize/fb/${userId}?token=${encodeURIComponent(userToken)}`;
}

export function FacebookSection({
  form,
  userId,
  userToken,
}: {
  form: ChatbotForm;
  userId: number;
  userToken: string;
}) {
  const { t } = useTranslation();
  const pages = form.getValues().apps.facebook;
  return (
    <SettingsSection id="facebook" title={t('chatbot.facebook.title')} hint={t('chatbot.facebook.hint')}>
      {pages.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('chatbot.facebook.noPages')}
        </Text>
      )}
      {pages.map((page, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pages are addressed by position in the form (apps.facebook.N)
        <PageCard key={`${page.chatbot_app_credentials.page_id}-${index}`} form={form} index={index} />
      ))}
      <Group>
        <Tooltip label={t('chatbot.facebook.popupNote')} multiline w={300} withArrow>
          <Button
            variant="light"
            leftSection={<IconBrandFacebook size={16} />}
            onClick={() => window.open(facebookPopupUrl(userId, userToken), 'hiwar-facebook', POPUP_FEATURES)}
          >
            {t('chatbot.facebook.addPage')}
          </Button>
        </Tooltip>
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('apps.facebook', newPage())}
        >
          {t('chatbot.facebook.addByHand')}
        </Button>
      </Group>
    </SettingsSection>
  );
}
