import {
  type GeneratedMessengerFields,
  MESSENGER_HEIGHT_MAX,
  MESSENGER_HEIGHT_MIN,
  MESSENGER_WIDTH_MAX,
  MESSENGER_WIDTH_MIN,
  messengerLanguages,
} from '@hiwar/contracts';
import { ColorInput, Grid, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TextVersions } from '../../components/text-versions.tsx';
import { type ChatbotForm, SettingsSection } from './form-parts.tsx';
import { IdentityVerificationSettings } from './identity-verification.tsx';
import { SnippetField } from './snippet-field.tsx';
import { VoiceSettings } from './voice-settings.tsx';
import { WidgetPreview } from './widget-preview.tsx';

const PREVIEW_SCALE = 0.75;

function AppearanceFields({ form }: { form: ChatbotForm }) {
  const { t } = useTranslation();
  const at = (field: string) => `messenger_settings.${field}`;
  return (
    <Stack gap="sm">
      <Select
        label={t('chatbot.messenger.defaultLang')}
        allowDeselect={false}
        data={messengerLanguages.map((lang) => ({
          value: lang,
          label: t(`chatbot.messenger.langs.${lang}`),
        }))}
        {...form.getInputProps(at('default_lang'))}
      />
      <Textarea
        label={t('chatbot.messenger.welcome')}
        description={t('chatbot.messenger.welcomeHint')}
        autosize
        minRows={2}
        {...form.getInputProps(at('welcome_msg'))}
      />
      <TextVersions
        label={t('chatbot.messenger.welcome')}
        plainLanguage={form.getValues().messenger_settings.default_lang}
        value={form.getValues().messenger_settings.welcome_msg_langs}
        onChange={(versions) => form.setFieldValue(at('welcome_msg_langs'), versions)}
        multiline
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('chatbot.messenger.logo')}
          dir="ltr"
          type="url"
          placeholder="https://"
          {...form.getInputProps(at('logo'))}
        />
        <TextInput
          label={t('chatbot.messenger.avatar')}
          dir="ltr"
          type="url"
          placeholder="https://"
          {...form.getInputProps(at('avatar'))}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ColorInput
          label={t('chatbot.messenger.mainColor')}
          dir="ltr"
          format="hex"
          {...form.getInputProps(at('main_color'))}
        />
        <NumberInput
          label={t('chatbot.messenger.width')}
          dir="ltr"
          min={MESSENGER_WIDTH_MIN}
          max={MESSENGER_WIDTH_MAX}
          allowDecimal={false}
          suffix=" px"
          {...form.getInputProps(at('width'))}
        />
        <NumberInput
          label={t('chatbot.messenger.height')}
          dir="ltr"
          min={MESSENGER_HEIGHT_MIN}
          max={MESSENGER_HEIGHT_MAX}
          allowDecimal={false}
          suffix=" px"
          {...form.getInputProps(at('height'))}
        />
      </SimpleGrid>
      <Textarea
        label={t('chatbot.messenger.headerInjector')}
        description={t('chatbot.messenger.headerInjectorHint')}
        autosize
        minRows={2}
        dir="ltr"
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        {...form.getInputProps(at('header_injector'))}
      />
    </Stack>
  );
}

/**
 * Web Messenger Settings: appearance, the embed snippets, the WhatsApp web hook, speech, identity verification
 * and a live preview.
 */
export function MessengerSection({
  form,
  generated,
}: {
  form: ChatbotForm;
  generated: GeneratedMessengerFields;
}) {
  const { t } = useTranslation();
  const values = form.getValues();
  return (
    <SettingsSection id="messenger" title={t('chatbot.messenger.title')} hint={t('chatbot.messenger.hint')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="sm">
            <AppearanceFields form={form} />
            {/* shown as the server makes them: the same on every load, with the placeholders the hints name */}
            <SnippetField
              label={t('chatbot.messenger.iframe')}
              description={t('chatbot.messenger.iframeHint')}
              value={generated.iframe_tag}
            />
            <SnippetField
              label={t('chatbot.messenger.embed')}
              description={t('chatbot.messenger.embedHint')}
              value={generated.embed_code}
            />
            <SnippetField label={t('chatbot.messenger.whatsappHook')} value={generated.whatsapp_web_hook} />
            <VoiceSettings form={form} />
            <IdentityVerificationSettings />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <WidgetPreview
            name={values.chatbot_name}
            settings={values.messenger_settings}
            scale={PREVIEW_SCALE}
          />
        </Grid.Col>
      </Grid>
    </SettingsSection>
  );
}
