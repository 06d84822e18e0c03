import type { LocationRecord } from '@hiwar/contracts';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLocationsPage, mapsKey, useMapChoices } from '../maps/maps-api.ts';

/** How many pages of a map's locations the search reads (10 a page). */
const MAX_PAGES = 10;

async function fetchAllLocations(mapId: number): Promise<LocationRecord[]> {
  const first = await fetchLocationsPage(mapId, 1);
  const rest = await Promise.all(
    Array.from({ length: Math.min(first.pageCount, MAX_PAGES) - 1 }, (_, index) =>
      fetchLocationsPage(mapId, index + 2),
    ),
  );
  return [first, ...rest].flatMap((page) => page.rows);
}

/**
 * The place search of the Map tab: there is no geocoder (no network beyond the server), so it finds places
 * among the owner's own map locations by title; x is read as the latitude and y as the longitude.
 */
export function PlaceSearch({
  onPick,
}: {
  onPick(place: { title: string; lat: number; lng: number }): void;
}) {
  const { t } = useTranslation();
  const maps = useMapChoices(true);
  const [mapId, setMapId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const locations = useQuery({
    queryKey: [...mapsKey, 'locations', Number(mapId), 'all'],
    queryFn: () => fetchAllLocations(Number(mapId)),
    enabled: mapId !== null,
  });
  const found = (locations.data ?? [])
    .filter((location) => location.title.toLowerCase().includes(keyword.trim().toLowerCase()))
    .slice(0, 8);
  return (
    <Stack gap="xs" data-testid="place-search">
      <Group gap="xs" align="flex-end">
        <Select
          label={t('responses.map.searchMap')}
          data={(maps.data ?? []).map((map) => ({ value: String(map._id), label: map.title }))}
          value={mapId}
          onChange={setMapId}
          w={220}
        />
        <TextInput
          label={t('responses.map.search')}
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
          disabled={mapId === null}
          style={{ flex: 1 }}
        />
      </Group>
      {mapId !== null && locations.isSuccess && found.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('responses.noData')}
        </Text>
      )}
      <Group gap={6}>
        {found.map((location) => (
          <Button
            key={location._id}
            size="compact-xs"
            variant="light"
            onClick={() => onPick({ title: location.title, lat: location.x, lng: location.y })}
          >
            {location.title}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
