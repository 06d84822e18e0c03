import { ActionIcon, Popover, SimpleGrid, Tabs, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emojiCategories } from './emoji-categories.ts';

/** Colour emoji fonts first: the interface font may draw older emoji in black and white. */
const EMOJI_FONTS = '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif';

/** A small emoji picker: a button opening nine categories of common emoji; picking one closes it. */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const first = emojiCategories[0]?.id ?? 'smileys';
  return (
    <Popover opened={opened} onChange={setOpened} width={300} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          aria-label={t('chatbot.emoji.open')}
          onClick={() => setOpened((isOpen) => !isOpen)}
        >
          <IconMoodSmile size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Tabs defaultValue={first} variant="pills">
          <Tabs.List grow mb="xs">
            {emojiCategories.map((category) => (
              <Tabs.Tab
                key={category.id}
                value={category.id}
                px={4}
                aria-label={t(`chatbot.emoji.categories.${category.id}`)}
                title={t(`chatbot.emoji.categories.${category.id}`)}
              >
                {category.emoji[0]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {emojiCategories.map((category) => (
            <Tabs.Panel key={category.id} value={category.id}>
              <SimpleGrid cols={8} spacing={2} verticalSpacing={2}>
                {category.emoji.map((emoji) => (
                  <UnstyledButton
                    key={emoji}
                    fz={20}
                    ff={EMOJI_FONTS}
                    ta="center"
                    aria-label={emoji}
                    onClick={() => {
                      onPick(emoji);
                      setOpened(false);
                    }}
                  >
                    {emoji}
                  </UnstyledButton>
                ))}
              </SimpleGrid>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Popover.Dropdown>
    </Popover>
  );
}
