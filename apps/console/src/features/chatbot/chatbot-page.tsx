import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/form-errors.ts';
import { SecretResetsAlert } from '../secret-resets/index.ts';
import { useChatbot } from './chatbot-api.ts';
import { ChatbotForm } from './chatbot-form.tsx';

/** /chatbot: the bot-wide settings (spec part 1 §2 "Chatbot settings"). */
export function ChatbotPage() {
  const { t } = useTranslation();
  const chatbot = useChatbot();
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('chatbot.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('chatbot.subtitle')}
        </Text>
      </div>
      <SecretResetsAlert />
      {chatbot.data ? (
        <ChatbotForm key={chatbot.dataUpdatedAt} answer={chatbot.data} />
      ) : chatbot.isError ? (
        <Alert color="red" variant="light" role="alert">
          {failureMessage(chatbot.error, t, t('messages.serverError'))}
        </Alert>
      ) : (
        <Skeleton h={480} radius="md" />
      )}
    </Stack>
  );
}
