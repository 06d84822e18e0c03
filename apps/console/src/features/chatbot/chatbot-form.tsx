import type { ChatbotBrowseResponse } from '@hiwar/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionedForm } from '../../lib/sectioned-form.tsx';
import { useInvalidFieldReveal } from '../../lib/use-invalid-field-reveal.ts';
import { BotTextsSection } from './bot-texts-section.tsx';
import { ChannelSection } from './channel-sections.tsx';
import { localizeChatbotErrors } from './chatbot-messages.ts';
import { type ChatbotValues, validateChatbot, valuesOfRecord } from './chatbot-values.ts';
import { FacebookSection } from './facebook-section.tsx';
import { InstructionsSection } from './instructions-section.tsx';
import { LivePreviewDrawer } from './live-preview.tsx';
import { MainInfoSection } from './main-info-section.tsx';
import { MessengerSection } from './messenger-section.tsx';
import { ParserSection } from './parser-section.tsx';
import { PersistentMenuSection } from './persistent-menu-section.tsx';
import { previewSettingsOf } from './preview-settings.ts';
import { StartButtonSection } from './start-button-section.tsx';
import { useChatbotSave } from './use-chatbot-save.ts';

/**
 * The whole chatbot settings form; Save changes validates every section first. Enter in a field does not save
 * (SectionedForm); a refused save names and shows the first field with a message.
 */
export function ChatbotForm({ answer }: { answer: ChatbotBrowseResponse }) {
  const { t } = useTranslation();
  const record = answer.data;
  const form = useForm<ChatbotValues>({
    mode: 'controlled',
    initialValues: valuesOfRecord(record),
    validate: (values) => localizeChatbotErrors(validateChatbot(values), t),
  });
  const { formRef, revealFirstInvalidField } = useInvalidFieldReveal();
  const { save, isSaving } = useChatbotSave(form, revealFirstInvalidField);
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  const values = form.getValues();

  return (
    <SectionedForm
      ref={formRef}
      data-testid="chatbot-form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="lg">
        <MainInfoSection form={form} />
        <BotTextsSection form={form} />
        <StartButtonSection form={form} />
        <FacebookSection form={form} userId={answer.chatbot_user_id} userToken={answer.user_token} />
        <ChannelSection form={form} channel="telegram" />
        <ChannelSection form={form} channel="whatsapp" />
        <ChannelSection form={form} channel="hangouts" />
        <ParserSection form={form} />
        <PersistentMenuSection form={form} />
        <MessengerSection form={form} generated={record.messenger_settings} />
        <InstructionsSection
          apps={values.apps}
          identity={{
            chatbotId: record.chatbot_id,
            chatbotUserId: answer.chatbot_user_id,
            userToken: answer.user_token,
          }}
        />
        <Group
          justify="flex-end"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Button variant="default" leftSection={<IconEye size={16} />} onClick={() => setPreviewOpen(true)}>
            {t('chatbot.previewChanges')}
          </Button>
          <Button type="submit" loading={isSaving} leftSection={<IconDeviceFloppy size={16} />}>
            {t('chatbot.saveChanges')}
          </Button>
        </Group>
      </Stack>
      {/* the real messenger with the unsaved values, following every change while open */}
      <LivePreviewDrawer
        opened={isPreviewOpen}
        onClose={() => setPreviewOpen(false)}
        settings={previewSettingsOf(values)}
      />
    </SectionedForm>
  );
}
