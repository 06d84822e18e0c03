import { voiceLanguages } from '@hiwar/contracts';
import { Fieldset, Select, SimpleGrid, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ChatbotForm, FlagSwitch } from './form-parts.tsx';

/**
 * Speech for the web messenger: the browser's own recognition where it has one; elsewhere (Firefox) the messenger
 * records and the server transcribes with the service chosen here — Google Cloud Speech or an OpenAI-compatible
 * server (OpenAI, a self-hosted Whisper). Microsoft shows but is disabled.
 */
export function VoiceSettings({ form }: { form: ChatbotForm }) {
  const { t } = useTranslation();
  const voice = 'messenger_settings.voice';
  const typeInput = form.getInputProps(`${voice}.type`);
  return (
    <Fieldset legend={t('chatbot.voice.title')}>
      <FlagSwitch form={form} path={`${voice}.status`} label={t('chatbot.voice.status')} />
      <Text size="sm" c="dimmed" mt={4}>
        {t('chatbot.voice.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
        <Select
          label={t('chatbot.voice.type')}
          placeholder={t('chatbot.voice.chooseType')}
          data={[
            { value: 'google', label: t('chatbot.voice.types.google') },
            { value: 'openai', label: t('chatbot.voice.types.openai') },
            { value: 'microsoft', label: t('chatbot.voice.types.microsoft'), disabled: true },
          ]}
          value={typeInput.value === 'UNKNOWN' ? null : typeInput.value}
          onChange={(value) => form.setFieldValue(`${voice}.type`, value ?? 'UNKNOWN')}
          error={typeInput.error}
        />
        <Select
          label={t('chatbot.voice.lang')}
          withAsterisk
          allowDeselect={false}
          data={voiceLanguages.map((lang) => ({ value: lang, label: t(`chatbot.voice.langs.${lang}`) }))}
          {...form.getInputProps(`${voice}.lang`)}
        />
      </SimpleGrid>
      <Textarea
        mt="sm"
        label={t('chatbot.voice.credentials')}
        description={t(
          typeInput.value === 'openai'
            ? 'chatbot.voice.credentialsHintOpenai'
            : 'chatbot.voice.credentialsHint',
        )}
        autosize
        minRows={3}
        dir="ltr"
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        {...form.getInputProps(`${voice}.credentials`)}
      />
    </Fieldset>
  );
}
