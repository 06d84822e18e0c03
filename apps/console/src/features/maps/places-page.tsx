import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoDataRow } from '../../components/no-data-row.tsx';
import { OwnTextCell } from '../../components/own-text.tsx';
import { useFormatNumber } from '../../lib/format-number.ts';
import { PlaceSearchField, PlaceSearchStatus } from './place-search-field.tsx';
import { usePlaceSearch } from './places-api.ts';

/**
 * /places (spec part 1 §7 and part 2 §7: "a development page that searches places"): the owner tries the
 * server's place search — which source answers, and the places with their coordinates.
 */
/** Seven decimals (about a centimetre, as geocoders give them), Western digits in both languages. */
const COORDINATE_FORMAT = { maximumFractionDigits: 7, useGrouping: false } as const;

export function PlacesPage() {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const [text, setText] = useState('');
  const search = usePlaceSearch(text);
  const places = search.data?.places ?? [];
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{t('places.title')}</Title>
      <Card shadow="xs">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('places.intro')}
          </Text>
          <PlaceSearchField onSearch={setText} isSearching={search.isFetching} />
          <PlaceSearchStatus search={search} />
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" data-testid="places-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('places.columns.title')}</Table.Th>
                  <Table.Th>{t('places.columns.address')}</Table.Th>
                  <Table.Th w={130} ta="end">
                    {t('places.columns.lat')}
                  </Table.Th>
                  <Table.Th w={130} ta="end">
                    {t('places.columns.lng')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {places.length === 0 ? (
                  <NoDataRow columns={4} />
                ) : (
                  places.map((place) => (
                    <Table.Tr key={place.id}>
                      <OwnTextCell fw={500}>{place.title}</OwnTextCell>
                      <OwnTextCell c="dimmed">{place.address}</OwnTextCell>
                      {[place.lat, place.lng].map((value, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the two coordinate columns never move.
                        <Table.Td key={index} ta="end">
                          <span dir="ltr">{formatNumber(value, COORDINATE_FORMAT)}</span>
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Card>
    </Stack>
  );
}
