import { conversationLangs, conversationPlatforms } from '@hiwar/contracts';
import { Checkbox, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commandOptions, useFreshServiceChoices } from './command-options.ts';
import type { ConversationFilters } from './conversations-api.ts';

const SEARCH_DELAY_MS = 300;

interface ConversationFiltersBarProps {
  filters: ConversationFilters;
  onChange: (name: keyof ConversationFilters, value: string | null) => void;
  /** a message per filter the server would refuse (the "to" date before the "from" date) */
  errors: Partial<Record<keyof ConversationFilters, string>>;
}

/** Platform, days, language, command, "not understood" only, and a search over the messages' text. */
export function ConversationFiltersBar({ filters, onChange, errors }: ConversationFiltersBarProps) {
  const { t } = useTranslation();
  const choices = useFreshServiceChoices();
  const [search, setSearch] = useState(filters.search ?? '');
  const sendSearch = useDebouncedCallback(
    (value: string) => onChange('search', value.trim() || null),
    SEARCH_DELAY_MS,
  );
  return (
    <Group align="flex-end" gap="sm" data-testid="conversation-filters">
      <TextInput
        label={t('conversations.filters.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          sendSearch(event.currentTarget.value);
        }}
        w={220}
      />
      <Select
        label={t('conversations.filters.platform')}
        placeholder={t('conversations.filters.any')}
        data={conversationPlatforms.map((platform) => ({
          value: platform,
          label: t(`conversations.platforms.${platform}`),
        }))}
        value={filters.platform ?? null}
        onChange={(value) => onChange('platform', value)}
        clearable
        w={150}
      />
      <Select
        label={t('conversations.filters.lang')}
        placeholder={t('conversations.filters.any')}
        data={conversationLangs.map((lang) => ({ value: lang, label: t(`common.languages.${lang}`) }))}
        value={filters.lang ?? null}
        onChange={(value) => onChange('lang', value)}
        clearable
        w={130}
      />
      <Select
        label={t('conversations.filters.command')}
        placeholder={t('conversations.filters.any')}
        data={commandOptions(choices.data)}
        value={filters.command_id ?? null}
        onChange={(value) => onChange('command_id', value)}
        searchable
        clearable
        nothingFoundMessage={t('services.noData')}
        w={200}
      />
      <TextInput
        type="date"
        label={t('conversations.filters.from')}
        value={filters.from ?? ''}
        onChange={(event) => onChange('from', event.currentTarget.value || null)}
        error={errors.from}
        dir="ltr"
        w={150}
      />
      <TextInput
        type="date"
        label={t('conversations.filters.to')}
        value={filters.to ?? ''}
        onChange={(event) => onChange('to', event.currentTarget.value || null)}
        error={errors.to}
        dir="ltr"
        w={150}
      />
      <Checkbox
        label={t('conversations.filters.notUnderstood')}
        checked={filters.not_understood === '1'}
        onChange={(event) => onChange('not_understood', event.currentTarget.checked ? '1' : null)}
        mb={8}
      />
      <Checkbox
        label={t('conversations.filters.handedOver')}
        checked={filters.handed_over === '1'}
        onChange={(event) => onChange('handed_over', event.currentTarget.checked ? '1' : null)}
        mb={8}
      />
    </Group>
  );
}
