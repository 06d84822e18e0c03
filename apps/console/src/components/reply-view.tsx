import { type BotMessage, botMessage, type CardButton, type ReplyOption } from '@hiwar/contracts';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Code,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

function TextBubble({ text }: { text: string }) {
  return (
    <Paper radius="lg" px="md" py={8} bg="var(--mantine-color-gray-1)" maw="100%">
      <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
    </Paper>
  );
}

/** Sends a button's or quick reply's postback as the sender would (the test chat); absent: the buttons only show. */
export type PostbackHandler = (payload: string, label: string) => void;

function CardButtonView({
  button,
  onPostback,
}: {
  button: CardButton;
  onPostback?: PostbackHandler | undefined;
}) {
  if (!onPostback) {
    return (
      <Badge variant="outline" tt="none">
        <bdi>{button.label}</bdi>
      </Badge>
    );
  }
  if (button.type === 'url') {
    return (
      <Button
        component="a"
        href={button.value}
        target="_blank"
        rel="noreferrer"
        size="compact-xs"
        variant="light"
      >
        <bdi>{button.label}</bdi>
      </Button>
    );
  }
  return (
    <Button size="compact-xs" variant="light" onClick={() => onPostback(button.value, button.label)}>
      <bdi>{button.label}</bdi>
    </Button>
  );
}

function CardsReply({
  cards,
  onPostback,
}: {
  cards: Extract<BotMessage, { type: 'cards' }>['cards'];
  onPostback?: PostbackHandler | undefined;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      {cards.map((card) => (
        <Card key={`${card.title}|${card.subtitle}|${card.media}`} withBorder radius="md" padding="sm">
          {card.media && (
            <Card.Section>
              <Image src={card.media} h={100} alt="" />
            </Card.Section>
          )}
          <Text fw={600} size="sm" dir="auto" mt={card.media ? 'xs' : 0}>
            {card.title}
          </Text>
          <Text size="xs" c="dimmed" dir="auto">
            {card.subtitle}
          </Text>
          <Group gap={4} mt="xs">
            {card.buttons.map((button) => (
              <CardButtonView
                key={`${button.label}-${button.value}`}
                button={button}
                onPostback={onPostback}
              />
            ))}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function QuickReplyView({
  reply,
  onPostback,
}: {
  reply: ReplyOption;
  onPostback?: PostbackHandler | undefined;
}) {
  if (!onPostback) {
    return (
      <Badge variant="outline" radius="xl" tt="none">
        <bdi>{reply.label}</bdi>
      </Badge>
    );
  }
  return (
    <Button
      size="compact-xs"
      variant="outline"
      radius="xl"
      onClick={() => onPostback(reply.payload, reply.label)}
    >
      <bdi>{reply.label}</bdi>
    </Button>
  );
}

function MessageView({
  message,
  onPostback,
}: {
  message: BotMessage;
  onPostback?: PostbackHandler | undefined;
}) {
  const { t } = useTranslation();
  switch (message.type) {
    case 'text':
      return <TextBubble text={message.text} />;
    case 'cards':
      return <CardsReply cards={message.cards} onPostback={onPostback} />;
    case 'quick_replies':
      return (
        <Stack gap={6}>
          <TextBubble text={message.text} />
          <Group gap={6}>
            {message.replies.map((reply) => (
              <QuickReplyView key={`${reply.label}-${reply.payload}`} reply={reply} onPostback={onPostback} />
            ))}
          </Group>
        </Stack>
      );
    case 'image':
      return <Image src={message.url} alt={t('debugger.image')} maw={240} radius="md" />;
    case 'video':
      return (
        <Anchor href={message.url} target="_blank" rel="noreferrer" dir="ltr" size="sm">
          {t('debugger.video')}: {message.url}
        </Anchor>
      );
    case 'location':
      return (
        <Stack gap={2}>
          {message.locations.map((location) => (
            <Group key={`${location.lat},${location.lng}`} gap={4}>
              <IconMapPin size={14} />
              <Text size="sm" dir="auto">
                {location.title}
              </Text>
              <Text size="xs" c="dimmed" dir="ltr">
                ({location.lat}, {location.lng})
              </Text>
            </Group>
          ))}
        </Stack>
      );
    case 'receipt':
      // the receipt's own plain-text form (bot-message.ts), in the sender's language
      return <TextBubble text={message.text} />;
    case 'advert':
      return (
        <Box>
          <Text size="xs" c="dimmed">
            {t('debugger.advert')}
          </Text>
          <Code block dir="ltr">
            {message.html}
          </Code>
        </Box>
      );
  }
}

/**
 * One reply of the runtime, drawn like the messenger draws it; an unknown shape shows as JSON. With `onPostback`
 * its quick replies and postback buttons can be pressed (the test chat); the debugger only shows them.
 */
export function ReplyView({
  reply,
  onPostback,
}: {
  reply: unknown;
  onPostback?: PostbackHandler | undefined;
}) {
  const parsed = botMessage.safeParse(reply);
  if (!parsed.success) return <Code block>{JSON.stringify(reply, null, 2)}</Code>;
  return (
    <Box data-testid={`reply-${parsed.data.type}`}>
      <MessageView message={parsed.data} onPostback={onPostback} />
    </Box>
  );
}
