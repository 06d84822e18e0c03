import { PasswordInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ChatbotForm, FlagSwitch, SettingsSection } from './form-parts.tsx';

type SingleChannel = 'telegram' | 'whatsapp' | 'hangouts';

function credentialsPath(channel: SingleChannel, field: string) {
  return `apps.${channel}.chatbot_app_credentials.${field}`;
}

function VerifyToken({ form, channel }: { form: ChatbotForm; channel: SingleChannel }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('chatbot.channels.verifyToken')}
      withAsterisk
      autoComplete="off"
      {...form.getInputProps(credentialsPath(channel, 'verify_token'))}
    />
  );
}

/** The credentials each channel needs beyond its verify token. */
function ChannelCredentials({ form, channel }: { form: ChatbotForm; channel: SingleChannel }) {
  const { t } = useTranslation();
  if (channel === 'hangouts') {
    return (
      <Textarea
        label={t('chatbot.channels.serviceAccount')}
        description={t('chatbot.channels.serviceAccountHint')}
        autosize
        minRows={3}
        styles={{ input: { fontFamily: 'monospace' } }}
        {...form.getInputProps(credentialsPath(channel, 'credentials'))}
      />
    );
  }
  const isTelegram = channel === 'telegram';
  return (
    <PasswordInput
      label={isTelegram ? t('chatbot.channels.botToken') : t('chatbot.channels.instanceToken')}
      withAsterisk={isTelegram}
      autoComplete="off"
      {...form.getInputProps(credentialsPath(channel, 'token'))}
    />
  );
}

/** WhatsApp's order confirmations after 24 hours: the approved template they go as (issue #25 item 6). */
function OrderTemplate({ form }: { form: ChatbotForm }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
      <TextInput
        label={t('chatbot.channels.orderTemplate')}
        description={t('chatbot.channels.orderTemplateHint')}
        dir="ltr"
        placeholder="order_confirmed"
        {...form.getInputProps(credentialsPath('whatsapp', 'order_template'))}
      />
      <TextInput
        label={t('chatbot.channels.orderTemplateLang')}
        description={t('chatbot.channels.orderTemplateLangHint')}
        dir="ltr"
        placeholder="en_US"
        {...form.getInputProps(credentialsPath('whatsapp', 'order_template_lang'))}
      />
    </SimpleGrid>
  );
}

/** Telegram, WhatsApp or Hangouts: an app status switch; the credentials show only while it is on. */
export function ChannelSection({ form, channel }: { form: ChatbotForm; channel: SingleChannel }) {
  const { t } = useTranslation();
  const isOn = form.getValues().apps[channel].chatbot_app_status === 1;
  return (
    <SettingsSection
      id={channel}
      title={t(`chatbot.channels.${channel}`)}
      hint={t(`chatbot.channels.${channel}Hint`)}
    >
      <FlagSwitch
        form={form}
        path={`apps.${channel}.chatbot_app_status`}
        label={t('chatbot.channels.appStatus')}
      />
      {isOn && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {/* Telegram never uses a verify token: its bot token is what it needs (issue #25) */}
          {channel !== 'telegram' && <VerifyToken form={form} channel={channel} />}
          {channel === 'whatsapp' && (
            <TextInput
              label={t('chatbot.channels.chatapiUrl')}
              dir="ltr"
              withAsterisk
              type="url"
              placeholder="https://api.chat-api.com/instance…"
              {...form.getInputProps(credentialsPath(channel, 'chatapi_url'))}
            />
          )}
          <ChannelCredentials form={form} channel={channel} />
        </SimpleGrid>
      )}
      {isOn && channel === 'whatsapp' && <OrderTemplate form={form} />}
    </SettingsSection>
  );
}
