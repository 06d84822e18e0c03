import type { Place } from '@hiwar/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnText } from '../../components/own-text.tsx';
import { PlaceSearchField, PlaceSearchStatus } from './place-search-field.tsx';
import { usePlaceSearch } from './places-api.ts';

/**
 * Finds places by name through the server (POST /google/places: the operator's geocoder, else the owner's saved
 * locations) and hands the one picked to `onPick`; used by the response's Map tab and the location form.
 */
export function PlaceSearch({
  onPick,
  pickLabel,
  isPickDisabled = false,
}: {
  onPick(place: Place): void;
  /** the button beside each place ("Add", "Use") */
  pickLabel: string;
  isPickDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = usePlaceSearch(text);
  return (
    <Stack gap="xs" data-testid="place-search">
      <PlaceSearchField onSearch={setText} isSearching={search.isFetching} />
      <PlaceSearchStatus search={search} />
      {search.data?.places.map((place) => (
        <Group key={place.id} gap="sm" justify="space-between" wrap="nowrap" data-testid="place-result">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <OwnText size="sm" fw={500}>
              {place.title}
            </OwnText>
            {place.address !== '' && (
              <OwnText size="xs" c="dimmed" truncate>
                {place.address}
              </OwnText>
            )}
          </Stack>
          <Button
            size="compact-sm"
            variant="light"
            disabled={isPickDisabled}
            aria-label={t('places.pick', { action: pickLabel, title: place.title })}
            onClick={() => onPick(place)}
          >
            {pickLabel}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
