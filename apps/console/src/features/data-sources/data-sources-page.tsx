import { type DataSourceRecord, driverOf } from '@hiwar/contracts';
import { Button, Card, Group, Stack, Switch, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { EditDeleteCells } from '../../components/edit-delete-cells.tsx';
import { NoDataRow } from '../../components/no-data-row.tsx';
import { OwnTextCell } from '../../components/own-text.tsx';
import { PageBar } from '../../components/page-bar.tsx';
import { useClampedPage, usePageQuery } from '../../components/page-query.ts';
import { failureMessage } from '../../lib/form-errors.ts';
import {
  changeDataSourceStatus,
  dataSourcesKey,
  deleteDataSource,
  useDataSourcesPage,
} from './data-sources-api.ts';

const SEARCH_DELAY_MS = 300;

/** Switch on/off and delete, each reloading the list on success and saying why on failure. */
function useDataSourceActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reload = () => {
    queryClient.removeQueries({ queryKey: ['crumb-name'] });
    return queryClient.invalidateQueries({ queryKey: dataSourcesKey });
  };
  const onError = (error: unknown) =>
    notifications.show({ color: 'red', message: failureMessage(error, t, t('messages.serverError')) });
  const status = useMutation({ mutationFn: changeDataSourceStatus, onSuccess: reload, onError });
  const removal = useMutation({ mutationFn: deleteDataSource, onSuccess: reload, onError });
  return {
    toggle: (row: DataSourceRecord) => status.mutate(row.data_source_id),
    askToDelete: (row: DataSourceRecord) =>
      confirmDelete({ t, name: row.entity.name, onConfirm: () => removal.mutate(row.data_source_id) }),
  };
}

interface RowProps {
  row: DataSourceRecord;
  actions: ReturnType<typeof useDataSourceActions>;
}

function DataSourceRow({ row, actions }: RowProps) {
  const { t } = useTranslation();
  const { entity } = row;
  return (
    <Table.Tr data-testid={`data-source-row-${row.data_source_id}`}>
      <OwnTextCell>{entity.name}</OwnTextCell>
      <Table.Td>{driverOf(entity.driver)?.label ?? entity.driver}</Table.Td>
      <Table.Td dir="ltr">{entity.host}</Table.Td>
      <OwnTextCell>{entity.dbname}</OwnTextCell>
      <Table.Td>
        <Switch
          checked={row.deleted_at === null}
          onChange={() => actions.toggle(row)}
          aria-label={t('datasources.list.active', { name: entity.name })}
        />
      </Table.Td>
      <EditDeleteCells
        editPath={`/datasources/${row.data_source_id}`}
        onDelete={() => actions.askToDelete(row)}
      />
    </Table.Tr>
  );
}

/** /datasources (spec part 2 §2): search, numbered pages in the query, a status switch, confirmed deletes. */
export function DataSourcesPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageQuery();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const list = useDataSourcesPage(page, debouncedSearch);
  const actions = useDataSourceActions();
  useClampedPage(page, list, (data) => data.last_page, setPage);

  function changeSearch(value: string) {
    setSearch(value);
    if (page !== 1) setPage(1);
  }

  const rows = list.data?.data ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('datasources.list.title')}</Title>
        <Button component={Link} to="/datasources/0" leftSection={<IconPlus size={18} />}>
          {t('datasources.list.add')}
        </Button>
      </Group>
      <Card shadow="xs">
        <Stack gap="md">
          <TextInput
            label={t('datasources.list.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => changeSearch(event.currentTarget.value)}
            maw={360}
          />
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="data-sources-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('datasources.fields.name')}</Table.Th>
                  <Table.Th>{t('datasources.fields.driver')}</Table.Th>
                  <Table.Th>{t('datasources.fields.host')}</Table.Th>
                  <Table.Th>{t('datasources.fields.dbname')}</Table.Th>
                  <Table.Th w={80}>{t('datasources.columns.active')}</Table.Th>
                  <Table.Th w={60}>{t('datasources.columns.edit')}</Table.Th>
                  <Table.Th w={60}>{t('datasources.columns.delete')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 ? (
                  <NoDataRow columns={7} />
                ) : (
                  rows.map((row) => <DataSourceRow key={row.data_source_id} row={row} actions={actions} />)
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageBar
            page={page}
            pageCount={list.data?.last_page ?? 1}
            onChange={setPage}
            testId="data-sources-pages"
          />
        </Stack>
      </Card>
    </Stack>
  );
}
