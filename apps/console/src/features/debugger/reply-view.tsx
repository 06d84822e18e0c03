import { type BotMessage, botMessage } from '@hiwar/contracts';
import { Anchor, Badge, Box, Card, Code, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
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

function CardsReply({ cards }: { cards: Extract<BotMessage, { type: 'cards' }>['cards'] }) {
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
              <Badge key={`${button.label}-${button.value}`} variant="outline" tt="none">
                <bdi>{button.label}</bdi>
              </Badge>
            ))}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function MessageView({ message }: { message: BotMessage }) {
  const { t } = useTranslation();
  switch (message.type) {
    case 'text':
      return <TextBubble text={message.text} />;
    case 'cards':
      return <CardsReply cards={message.cards} />;
    case 'quick_replies':
      return (
        <Stack gap={6}>
          <TextBubble text={message.text} />
          <Group gap={6}>
            {message.replies.map((reply) => (
              <Badge key={`${reply.label}-${reply.payload}`} variant="outline" radius="xl" tt="none">
                <bdi>{reply.label}</bdi>
              </Badge>
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

/** One reply of the runtime, drawn like the messenger draws it; an unknown shape shows as JSON. */
export function ReplyView({ reply }: { reply: unknown }) {
  const parsed = botMessage.safeParse(reply);
  if (!parsed.success) return <Code block>{JSON.stringify(reply, null, 2)}</Code>;
  return (
    <Box data-testid={`reply-${parsed.data.type}`}>
      <MessageView message={parsed.data} />
    </Box>
  );
}
