import { fallbackTypes } from '@hiwar/contracts';
import { Select, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TagInput } from '../../components/tag-input.tsx';
import { TextVersions } from '../../components/text-versions.tsx';
import { useOwnerCommands } from './chatbot-api.ts';
import { FallbackOptionsTable } from './fallback-options-table.tsx';
import { type ChatbotForm, SettingsSection } from './form-parts.tsx';

function CommandSelector({ form }: { form: ChatbotForm }) {
  const { t } = useTranslation();
  const commands = useOwnerCommands(true);
  const selected = form.getValues().chatbot_fallback_command_id;
  const error = form.getInputProps('chatbot_fallback_command_id').error;
  return (
    <Select
      label={t('chatbot.main.fallbackCommand')}
      placeholder={commands.isLoading ? t('common.loading') : t('chatbot.main.chooseCommand')}
      searchable
      nothingFoundMessage={t('chatbot.main.noCommands')}
      data={(commands.data ?? []).map((command) => ({
        value: String(command.command_id),
        label: `${command.service_name} › ${command.command_name}`,
      }))}
      value={selected === null ? null : String(selected)}
      onChange={(value) =>
        form.setFieldValue('chatbot_fallback_command_id', value === null ? null : Number(value))
      }
      error={error}
    />
  );
}

/**
 * Main Info: name, description, the fallback (text, options or a command) and the owner's words that end a question
 * the bot is asking (beside the built-in ones of each language).
 */
export function MainInfoSection({ form }: { form: ChatbotForm }) {
  const { t } = useTranslation();
  const fallbackType = form.getValues().chatbot_fallback_type;
  return (
    <SettingsSection id="main" title={t('chatbot.main.title')}>
      <TextInput label={t('chatbot.main.name')} withAsterisk {...form.getInputProps('chatbot_name')} />
      <Textarea
        label={t('chatbot.main.description')}
        autosize
        minRows={2}
        {...form.getInputProps('chatbot_description')}
      />
      <Select
        label={t('chatbot.main.fallbackType')}
        allowDeselect={false}
        data={fallbackTypes.map((type) => ({ value: type, label: t(`chatbot.main.fallbackTypes.${type}`) }))}
        {...form.getInputProps('chatbot_fallback_type')}
      />
      {fallbackType !== 'cmd' && (
        <>
          <Textarea
            label={t('chatbot.main.fallbackMsg')}
            withAsterisk
            autosize
            minRows={2}
            {...form.getInputProps('chatbot_fallback_msg')}
          />
          <TextVersions
            label={t('chatbot.main.fallbackMsg')}
            plainLanguage={form.getValues().messenger_settings.default_lang}
            value={form.getValues().chatbot_fallback_msg_langs}
            onChange={(versions) => form.setFieldValue('chatbot_fallback_msg_langs', versions)}
            multiline
          />
        </>
      )}
      {fallbackType === 'options' && <FallbackOptionsTable form={form} />}
      {fallbackType === 'cmd' && <CommandSelector form={form} />}
      <TagInput
        label={t('chatbot.main.exitWords')}
        description={t('chatbot.main.exitWordsHint')}
        placeholder={t('chatbot.main.exitWordsPlaceholder')}
        value={form.getValues().chatbot_exit_words}
        onChange={(words) => form.setFieldValue('chatbot_exit_words', words)}
        error={form.getInputProps('chatbot_exit_words').error}
      />
    </SettingsSection>
  );
}
