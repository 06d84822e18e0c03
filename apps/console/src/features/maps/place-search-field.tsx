import { PLACE_TEXT_MAX, type PlaceSearchAnswer } from '@hiwar/contracts';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeSearchFailure } from './place-messages.ts';

/**
 * The text and its Search button. Enter searches too, without submitting a form the field may sit in; a search
 * goes out on request only, not per letter, since a geocoder may bill each one.
 */
export function PlaceSearchField({
  onSearch,
  isSearching,
}: {
  onSearch(text: string): void;
  isSearching: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const submit = () => {
    if (text.trim() !== '') onSearch(text.trim());
  };
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={t('places.search')}
        leftSection={<IconSearch size={16} />}
        value={text}
        maxLength={PLACE_TEXT_MAX}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          submit();
        }}
        style={{ flex: 1 }}
      />
      <Button variant="light" onClick={submit} loading={isSearching} disabled={text.trim() === ''}>
        {t('places.searchButton')}
      </Button>
    </Group>
  );
}

/** Where the places came from, that none were found, or why the search failed. */
export function PlaceSearchStatus({ search }: { search: UseQueryResult<PlaceSearchAnswer> }) {
  const { t } = useTranslation();
  if (search.isError)
    return (
      <Text size="sm" c="red" role="alert" data-testid="place-search-error">
        {placeSearchFailure(search.error, t)}
      </Text>
    );
  if (!search.isSuccess) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="place-search-source">
      {search.data.places.length === 0 ? `${t('places.noResults')} · ` : ''}
      {t(`places.sources.${search.data.source}`)}
    </Text>
  );
}
