import { Avatar, Box, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconMessageChatbot, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatbotValues } from './chatbot-values.ts';

/** Spec §9: the welcome message appears after 1000 ms and the sample reply after 1300 ms. */
export const WELCOME_DELAY_MS = 1000;
export const REPLY_DELAY_MS = 1300;

/** How many of the two preview messages are showing; restarts whenever `replayKey` changes. */
function useRevealedMessages(replayKey: unknown): number {
  const [shown, setShown] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: replayKey is the trigger that restarts the timers
  useEffect(() => {
    setShown(0);
    const welcome = setTimeout(() => setShown(1), WELCOME_DELAY_MS);
    const reply = setTimeout(() => setShown(2), REPLY_DELAY_MS);
    return () => {
      clearTimeout(welcome);
      clearTimeout(reply);
    };
  }, [replayKey]);
  return shown;
}

interface WidgetPreviewProps {
  name: string;
  settings: ChatbotValues['messenger_settings'];
  /** shrink to fit a narrow column */
  scale?: number;
}

function Bubble({
  text,
  isBot,
  color,
  avatar,
}: {
  text: string;
  isBot: boolean;
  color: string;
  avatar: string;
}) {
  return (
    <Group gap={6} align="flex-end" justify={isBot ? 'flex-start' : 'flex-end'} wrap="nowrap">
      {isBot && (
        <Avatar src={avatar || null} size={26} radius="xl" color="gray">
          <IconMessageChatbot size={16} />
        </Avatar>
      )}
      <Paper px="sm" py={6} radius="lg" maw="75%" bg={isBot ? 'gray.1' : color} c={isBot ? 'dark' : 'white'}>
        <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
      </Paper>
    </Group>
  );
}

/**
 * A static look at the web messenger built from the settings beside the appearance fields: header colour, logo,
 * size, language direction, the welcome message and a sample reply. "Preview changes" opens the real messenger
 * (live-preview.tsx).
 */
export function WidgetPreview({ name, settings, scale = 1 }: WidgetPreviewProps) {
  const { t } = useTranslation();
  const language = settings.default_lang;
  const shown = useRevealedMessages(settings.welcome_msg);
  const color = settings.main_color;
  // what the messenger shows: no welcome message, no greeting (a stand-in here once hid that none was set)
  const welcome = settings.welcome_msg.trim();
  return (
    // the box is laid out left to right whatever the console's direction, so the scaled widget stays inside it
    <Box
      w={settings.width * scale}
      h={settings.height * scale}
      mx="auto"
      dir="ltr"
      style={{ overflow: 'hidden' }}
    >
      <Paper
        data-testid="widget-preview"
        dir={language === 'ar' ? 'rtl' : 'ltr'}
        lang={language}
        shadow="lg"
        radius="md"
        withBorder
        w={settings.width}
        h={settings.height}
        style={{
          transform: `scale(${scale})`,
          transformOrigin: 'top left',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <Group bg={color} c="white" px="md" py="sm" gap="sm" style={{ borderRadius: '8px 8px 0 0' }}>
          <Avatar src={settings.logo || null} radius="xl" size={32} color="white">
            <IconMessageChatbot size={18} />
          </Avatar>
          <Text fw={600}>{name || t('chatbot.preview.untitled')}</Text>
        </Group>
        <Stack gap="xs" p="sm" style={{ flex: 1, overflow: 'auto' }} aria-live="polite">
          {shown >= 1 && welcome !== '' && (
            <Bubble text={welcome} isBot color={color} avatar={settings.avatar} />
          )}
          {shown >= 1 && (
            <Bubble
              text={t('chatbot.preview.sampleQuestion', { lng: language })}
              isBot={false}
              color={color}
              avatar=""
            />
          )}
          {shown >= 2 && (
            <Bubble
              text={t('chatbot.preview.sampleReply', { lng: language })}
              isBot
              color={color}
              avatar={settings.avatar}
            />
          )}
        </Stack>
        <Group p="xs" gap="xs" wrap="nowrap" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <TextInput
            style={{ flex: 1 }}
            size="xs"
            readOnly
            tabIndex={-1}
            aria-hidden
            placeholder={t('chatbot.preview.typeHere', { lng: language })}
          />
          <IconSend size={18} color={color} />
        </Group>
      </Paper>
    </Box>
  );
}
