import { Anchor, Button, Card, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NotificationValues } from './notification-values.ts';

const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());

/** The notification roughly as a subscriber's messenger shows it: media, title, subtitle, buttons, link. */
export function NotificationPreview({ values }: { values: NotificationValues }) {
  const { t } = useTranslation();
  const media = values.media.trim();
  const hasMedia = values.type !== 'text' && isWebAddress(media);
  const buttons = values.buttons.filter((button) => button.item_label_key.trim() !== '');
  // as sent: a text has no subtitle
  const subtitle = values.type === 'text' ? '' : values.subtitle.trim();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('subscriptions.send.preview')}
      </Text>
      <Card withBorder radius="lg" p="sm" maw={300} data-testid="notification-preview">
        {hasMedia && values.type === 'video' && (
          // biome-ignore lint/a11y/useMediaCaption: the owner's own video, previewed without captions
          <video src={media} controls style={{ width: '100%', borderRadius: 8 }} />
        )}
        {hasMedia && values.type !== 'video' && (
          <Image src={media} radius="md" alt="" mah={160} fit="cover" />
        )}
        {values.title.trim() && (
          <Text fw={values.type === 'text' ? 400 : 600} size="sm" dir="auto" mt={hasMedia ? 'xs' : 0}>
            {values.title}
          </Text>
        )}
        {subtitle && (
          <Text size="xs" c="dimmed" dir="auto">
            {values.subtitle}
          </Text>
        )}
        {!values.title.trim() && !subtitle && !hasMedia && (
          <Text size="xs" c="dimmed">
            {t('subscriptions.send.previewEmpty')}
          </Text>
        )}
        {buttons.length > 0 && (
          <Stack gap={4} mt="xs">
            {buttons.map((button) => (
              <Button
                key={`${button.item_label_key}\n${button.item_value_key}`}
                size="xs"
                variant="light"
                dir="auto"
                tabIndex={-1}
              >
                {button.item_label_key}
              </Button>
            ))}
          </Stack>
        )}
        {values.redirect_type === 'custom_link' && isWebAddress(values.redirect_link) && (
          <Anchor size="xs" mt="xs" dir="ltr" href={values.redirect_link} target="_blank" rel="noreferrer">
            {values.redirect_link}
          </Anchor>
        )}
      </Card>
    </Stack>
  );
}
