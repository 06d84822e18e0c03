import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ChatbotForm, FlagSwitch, SettingsSection } from './form-parts.tsx';

/** Start Button: the label and postback appear only while it is on. */
export function StartButtonSection({ form }: { form: ChatbotForm }) {
  const { t } = useTranslation();
  const isOn = form.getValues().chatbot_start_button_status === 1;
  return (
    <SettingsSection id="start" title={t('chatbot.start.title')} hint={t('chatbot.start.hint')}>
      <FlagSwitch form={form} path="chatbot_start_button_status" label={t('chatbot.start.status')} />
      {isOn && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('chatbot.start.label')}
            withAsterisk
            {...form.getInputProps('chatbot_start_button_label')}
          />
          <TextInput
            label={t('chatbot.start.postback')}
            withAsterisk
            {...form.getInputProps('chatbot_start_button_postback')}
          />
        </SimpleGrid>
      )}
    </SettingsSection>
  );
}
