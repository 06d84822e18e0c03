import { MAX_CARD_BUTTONS, MAX_STATIC_CARDS, type ResponseStruct, responseStruct } from '@hiwar/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImageUploadButton } from './image-upload-button.tsx';
import { LocalizedTextInput } from './localized-text-input.tsx';
import type { StepProps } from './step-props.ts';

type CardButton = ResponseStruct['buttons'][number];

const emptyButton = (): CardButton => ({
  item_label_key: '',
  item_label_default_value: '',
  item_value_key: '',
  item_value_default_value: '',
});

interface CardEditorProps {
  number: number;
  card: ResponseStruct;
  onChange(card: ResponseStruct): void;
  onRemove(): void;
}

function CardButtons({ number, card, onChange }: Omit<CardEditorProps, 'onRemove'>) {
  const { t } = useTranslation();
  const setButton = (index: number, button: CardButton) =>
    onChange({ ...card, buttons: card.buttons.map((old, at) => (at === index ? button : old)) });
  return (
    <Stack gap="xs">
      {card.buttons.map((button, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a button has no id; its place is its identity
        <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t('responses.cards.buttonLabel', { card: number, number: index + 1 })}
            value={button.item_label_default_value}
            onChange={(event) =>
              setButton(index, { ...button, item_label_default_value: event.currentTarget.value })
            }
          />
          <TextInput
            style={{ flex: 1 }}
            label={t('responses.cards.buttonValue', { card: number, number: index + 1 })}
            value={button.item_value_default_value}
            onChange={(event) =>
              setButton(index, { ...button, item_value_default_value: event.currentTarget.value })
            }
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mb={4}
            aria-label={t('responses.cards.removeButton', { card: number, number: index + 1 })}
            onClick={() => onChange({ ...card, buttons: card.buttons.filter((_, at) => at !== index) })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="xs"
        variant="subtle"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        disabled={card.buttons.length >= MAX_CARD_BUTTONS}
        onClick={() => onChange({ ...card, buttons: [...card.buttons, emptyButton()] })}
      >
        {t('responses.cards.addButton', { max: MAX_CARD_BUTTONS })}
      </Button>
    </Stack>
  );
}

/** One static card: its image (a link or an upload), title and subtitle in every language, up to 3 buttons. */
function CardEditor({ number, card, onChange, onRemove }: CardEditorProps) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('responses.cards.card', { number })} data-testid="static-card">
      <Stack gap="sm">
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={onRemove}
          >
            {t('responses.cards.remove', { number })}
          </Button>
        </Group>
        <Group align="flex-end" gap="xs">
          <TextInput
            style={{ flex: 1 }}
            label={t('responses.cards.media', { number })}
            placeholder="https://"
            dir="ltr"
            required
            value={card.media_default_value}
            onChange={(event) => onChange({ ...card, media_default_value: event.currentTarget.value })}
          />
          <ImageUploadButton
            label={t('responses.cards.upload', { number })}
            onUploaded={(url) => onChange({ ...card, media_default_value: url })}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <LocalizedTextInput
            label={t('responses.cards.title', { number })}
            value={card.title_default_value}
            versions={card.title_langs}
            maxLength={1000}
            onChange={(title, versions) =>
              onChange({ ...card, title_default_value: title, title_langs: versions })
            }
          />
          <LocalizedTextInput
            label={t('responses.cards.subtitle', { number })}
            value={card.subtitle_default_value}
            versions={card.subtitle_langs}
            maxLength={1000}
            onChange={(subtitle, versions) =>
              onChange({ ...card, subtitle_default_value: subtitle, subtitle_langs: versions })
            }
          />
        </SimpleGrid>
        <CardButtons number={number} card={card} onChange={onChange} />
      </Stack>
    </Fieldset>
  );
}

/** The Static cards tab: at most 5 cards, each with media and a title (spec part 2 §5 "Static card"). */
export function CardsTemplate({ record, onChange, errors }: StepProps) {
  const { t } = useTranslation();
  const cards = record.resp_static_cards_resp_struct;
  const setCards = (next: ResponseStruct[]) => onChange({ resp_static_cards_resp_struct: next });
  const error = errors.resp_static_cards_resp_struct;
  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" data-testid="cards-error">
          {error}
        </Alert>
      )}
      {cards.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('responses.cards.none')}
        </Text>
      )}
      {cards.map((card, index) => (
        <CardEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: a card has no id; its place is its identity
          key={index}
          number={index + 1}
          card={card}
          onChange={(next) => setCards(cards.map((old, at) => (at === index ? next : old)))}
          onRemove={() => setCards(cards.filter((_, at) => at !== index))}
        />
      ))}
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={cards.length >= MAX_STATIC_CARDS}
          onClick={() => setCards([...cards, responseStruct.parse({})])}
        >
          {t('responses.cards.add')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('responses.cards.max', { max: MAX_STATIC_CARDS })}
        </Text>
      </Group>
    </Stack>
  );
}
