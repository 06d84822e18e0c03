import type { LocationRecord } from '@hiwar/contracts';
import { Button, Card, Group, Stack, Table, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EditDeleteCells } from '../../components/edit-delete-cells.tsx';
import { NoDataRow } from '../../components/no-data-row.tsx';
import { OwnTextCell } from '../../components/own-text.tsx';
import { PageBar } from '../../components/page-bar.tsx';
import { useClampedPage, usePageQuery } from '../../components/page-query.ts';
import { useFormatNumber } from '../../lib/format-number.ts';
import { routeId } from '../../lib/route-ids.ts';
import { deleteLocation, useLocationsPage, useMap } from './maps-api.ts';
import { useDeleteMapItem } from './use-delete-map-item.ts';

/** Coordinates as typed: every fraction digit the owner gave, Western digits in both languages. */
const COORDINATE_FORMAT = { maximumFractionDigits: 18, useGrouping: false } as const;

interface LocationRowProps {
  location: LocationRecord;
  routeMapId: number;
  onDelete: (location: LocationRecord) => void;
}

function LocationRow({ location, routeMapId, onDelete }: LocationRowProps) {
  const formatNumber = useFormatNumber();
  return (
    <Table.Tr data-testid={`location-row-${location._id}`}>
      <OwnTextCell>{location.title}</OwnTextCell>
      <OwnTextCell>{location.map.title}</OwnTextCell>
      {([location.x, location.y, location.yaw] as const).map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the three coordinate columns never move.
        <Table.Td key={index} ta="end">
          {/* a number reads left to right in both languages; the cell keeps the page's side, as its header */}
          <span dir="ltr">{formatNumber(value, COORDINATE_FORMAT)}</span>
        </Table.Td>
      ))}
      <EditDeleteCells
        editPath={`/locations/${routeMapId}/${location._id}`}
        onDelete={() => onDelete(location)}
      />
    </Table.Tr>
  );
}

/** /locations/{map} (0: every map): Title, Map, X, Y, Yaw, Edit, Delete, numbered pages, a delete dialog. */
export function LocationsPage() {
  const { t } = useTranslation();
  const mapId = routeId(useParams(), 'map_id');
  const [page, setPage] = usePageQuery();
  const map = useMap(mapId);
  const locations = useLocationsPage(mapId, page);
  const askToDelete = useDeleteMapItem(deleteLocation);
  useClampedPage(page, locations, (data) => data.pageCount, setPage);

  const rows = locations.data?.rows ?? [];
  const heading =
    mapId > 0 ? t('maps.locations.titleOf', { title: map.data?.title ?? '' }) : t('maps.locations.title');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2} dir="auto">
          {heading}
        </Title>
        <Group gap="sm">
          <Button component={Link} to="/maps" variant="default">
            {t('maps.locations.backToMaps')}
          </Button>
          <Button component={Link} to={`/locations/${mapId}/0`} leftSection={<IconPlus size={18} />}>
            {t('maps.locations.add')}
          </Button>
        </Group>
      </Group>
      <Card shadow="xs">
        <Stack gap="md">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="locations-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('maps.columns.title')}</Table.Th>
                  <Table.Th>{t('maps.columns.map')}</Table.Th>
                  <Table.Th ta="end">{t('maps.columns.x')}</Table.Th>
                  <Table.Th ta="end">{t('maps.columns.y')}</Table.Th>
                  <Table.Th ta="end">{t('maps.columns.yaw')}</Table.Th>
                  <Table.Th w={60}>{t('maps.columns.edit')}</Table.Th>
                  <Table.Th w={60}>{t('maps.columns.delete')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 ? (
                  <NoDataRow columns={7} />
                ) : (
                  rows.map((location) => (
                    <LocationRow
                      key={location._id}
                      location={location}
                      routeMapId={mapId}
                      onDelete={askToDelete}
                    />
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageBar
            page={page}
            pageCount={locations.data?.pageCount ?? 1}
            onChange={setPage}
            testId="locations-pages"
          />
        </Stack>
      </Card>
    </Stack>
  );
}
