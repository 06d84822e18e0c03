import type { WidgetSettings } from '@hiwar/contracts';
import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../lib/auth-token.ts';
import { useResetTestChat } from '../test-chat/index.ts';

/**
 * The messenger's preview mode (apps/widget/src/frame/preview.ts): frame.html?preview=1 on this origin says it
 * is ready, then draws the settings posted to it and talks to the bot through the owner's test chat. The names
 * are repeated here because the console imports nothing from the widget.
 */
export const PREVIEW_FRAME_URL = '/widget/frame.html?preview=1';
export const PREVIEW_SETTINGS_MESSAGE = 'hiwar:preview-settings';
export const PREVIEW_READY_MESSAGE = 'hiwar:preview-ready';
/** typing in a field draws the messenger again once the typing pauses */
export const PREVIEW_POST_DELAY_MS = 250;

/** Counts the frame's "ready" messages: each (a first load, a reload) needs the settings posted again. */
function useFrameReadyCount(frame: RefObject<HTMLIFrameElement | null>): number {
  const [readyCount, setReadyCount] = useState(0);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const fromFrame = event.source !== null && event.source === frame.current?.contentWindow;
      if (!fromFrame || event.origin !== window.location.origin) return;
      if ((event.data as { type?: unknown } | null)?.type === PREVIEW_READY_MESSAGE)
        setReadyCount((count) => count + 1);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);
  return readyCount;
}

/**
 * The real web messenger drawn with the given (unsaved) settings. The owner's token goes only by postMessage to
 * a frame of this origin — never in its address.
 */
export function LivePreview({ settings, redrawKey }: { settings: WidgetSettings; redrawKey: number }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const readyCount = useFrameReadyCount(frame);
  const posted = JSON.stringify(settings);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawKey asks for the same settings to be drawn again
  useEffect(() => {
    if (readyCount === 0) return;
    const timer = setTimeout(() => {
      const message = {
        type: PREVIEW_SETTINGS_MESSAGE,
        settings: JSON.parse(posted),
        token: getToken() ?? '',
      };
      frame.current?.contentWindow?.postMessage(message, window.location.origin);
    }, PREVIEW_POST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [posted, readyCount, redrawKey]);

  return (
    <iframe
      ref={frame}
      src={PREVIEW_FRAME_URL}
      title={t('chatbot.preview.title')}
      width={settings.width}
      height={settings.height}
      allow="microphone"
      data-testid="live-preview"
      style={{
        display: 'block',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
        boxShadow: 'var(--mantine-shadow-md)',
        maxWidth: '100%',
      }}
    />
  );
}

/**
 * "Preview changes": the live messenger beside the form, without an overlay, so every field can still be
 * changed and the preview follows. Its conversation is the owner's test chat; "Start over" resets it.
 */
export function LivePreviewDrawer(props: { opened: boolean; onClose: () => void; settings: WidgetSettings }) {
  const { t } = useTranslation();
  const reset = useResetTestChat();
  const [redrawKey, setRedrawKey] = useState(0);
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      // Mantine's "right" is the inline end: the left side in Arabic
      position="right"
      size={props.settings.width + 48}
      withOverlay={false}
      lockScroll={false}
      trapFocus={false}
      closeOnClickOutside={false}
      title={<Text fw={600}>{t('chatbot.preview.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('chatbot.preview.close') }}
      data-testid="live-preview-drawer"
    >
      {props.opened && (
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" style={{ flex: 1 }}>
              {t('chatbot.preview.hint')}
            </Text>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} />}
              style={{ flex: 'none' }}
              loading={reset.isPending}
              onClick={() => reset.mutate(undefined, { onSuccess: () => setRedrawKey((key) => key + 1) })}
            >
              {t('chatbot.preview.reset')}
            </Button>
          </Group>
          <LivePreview settings={props.settings} redrawKey={redrawKey} />
        </Stack>
      )}
    </Drawer>
  );
}
