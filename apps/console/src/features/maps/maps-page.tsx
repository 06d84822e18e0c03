import type { MapRecord } from '@hiwar/contracts';
import { Anchor, Button, Card, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapSearch, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditDeleteCells } from '../../components/edit-delete-cells.tsx';
import { NoDataRow } from '../../components/no-data-row.tsx';
import { OwnTextCell } from '../../components/own-text.tsx';
import { PageBar } from '../../components/page-bar.tsx';
import { useClampedPage, usePageQuery } from '../../components/page-query.ts';
import { useFormatNumber } from '../../lib/format-number.ts';
import { deleteMap, useMapsPage } from './maps-api.ts';
import { useDeleteMapItem } from './use-delete-map-item.ts';

const SEARCH_DELAY_MS = 300;

function MapRow({ map, onDelete }: { map: MapRecord; onDelete: (map: MapRecord) => void }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  return (
    <Table.Tr data-testid={`map-row-${map._id}`}>
      <OwnTextCell>{map.title}</OwnTextCell>
      <Table.Td>
        <Anchor
          component={Link}
          to={`/locations/${map._id}`}
          size="sm"
          aria-label={t('maps.list.openLocations', { title: map.title })}
        >
          {formatNumber(map.locations_count)}
        </Anchor>
      </Table.Td>
      <EditDeleteCells editPath={`/maps/${map._id}`} onDelete={() => onDelete(map)} />
    </Table.Tr>
  );
}

/** /maps (spec part 2 §2): Title, Locations, Edit, Delete; keyword search, numbered pages, a link to add. */
export function MapsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageQuery();
  const [keyword, setKeyword] = useState('');
  const [debouncedKeyword] = useDebouncedValue(keyword.trim(), SEARCH_DELAY_MS);
  const maps = useMapsPage(page, debouncedKeyword);
  const askToDelete = useDeleteMapItem(deleteMap);
  useClampedPage(page, maps, (data) => data.pageCount, setPage);

  function changeKeyword(value: string) {
    setKeyword(value);
    if (page !== 1) setPage(1);
  }

  const rows = maps.data?.rows ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('maps.list.title')}</Title>
        <Group gap="sm">
          <Button component={Link} to="/places" variant="default" leftSection={<IconMapSearch size={18} />}>
            {t('maps.list.places')}
          </Button>
          <Button component={Link} to="/locations/0" variant="default">
            {t('maps.list.allLocations')}
          </Button>
          <Button component={Link} to="/maps/0" leftSection={<IconPlus size={18} />}>
            {t('maps.list.add')}
          </Button>
        </Group>
      </Group>
      <Card shadow="xs">
        <Stack gap="md">
          <TextInput
            label={t('maps.list.search')}
            leftSection={<IconSearch size={16} />}
            value={keyword}
            onChange={(event) => changeKeyword(event.currentTarget.value)}
            maw={360}
          />
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="maps-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('maps.columns.title')}</Table.Th>
                  <Table.Th>{t('maps.columns.locations')}</Table.Th>
                  <Table.Th w={60}>{t('maps.columns.edit')}</Table.Th>
                  <Table.Th w={60}>{t('maps.columns.delete')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 ? (
                  <NoDataRow columns={4} />
                ) : (
                  rows.map((map) => <MapRow key={map._id} map={map} onDelete={askToDelete} />)
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageBar page={page} pageCount={maps.data?.pageCount ?? 1} onChange={setPage} testId="maps-pages" />
        </Stack>
      </Card>
    </Stack>
  );
}
