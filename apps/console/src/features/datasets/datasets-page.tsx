import { Button, Card, Group, Stack, Switch, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditDeleteCells } from '../../components/edit-delete-cells.tsx';
import { NoDataRow } from '../../components/no-data-row.tsx';
import { OwnTextCell } from '../../components/own-text.tsx';
import { PageBar } from '../../components/page-bar.tsx';
import { useClampedPage, usePageQuery } from '../../components/page-query.ts';
import { type DatasetKind, datasetKind } from './dataset-kind.ts';
import { type DatasetPage, useDatasetsPage } from './datasets-api.ts';
import { useDatasetListActions } from './use-dataset-list-actions.ts';

const SEARCH_DELAY_MS = 300;

type DatasetRow = DatasetPage['data'][number];

interface RowProps {
  kind: DatasetKind;
  dataset: DatasetRow;
  actions: ReturnType<typeof useDatasetListActions>;
}

function DatasetTableRow({ kind, dataset, actions }: RowProps) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid={`${kind.type}-row-${dataset.ds_id}`}>
      <OwnTextCell>{dataset.ds_name}</OwnTextCell>
      <Table.Td>
        <Switch
          checked={dataset.ds_status === 1}
          onChange={(event) => actions.setStatus(dataset, event.currentTarget.checked)}
          aria-label={t(`${kind.section}.list.active`, { name: dataset.ds_name })}
        />
      </Table.Td>
      <EditDeleteCells
        editPath={`${kind.path}/${dataset.ds_id}`}
        onDelete={() => actions.askToDelete(dataset)}
      />
    </Table.Tr>
  );
}

/**
 * The list of one kind of dataset (spec part 2 §2; /dataset, /menus): Name, Status, Edit, Delete; keyword
 * search, numbered pages in the query, Add.
 */
export function DatasetListPage({ kind }: { kind: DatasetKind }) {
  const { t } = useTranslation();
  const [page, setPage] = usePageQuery();
  const [keywords, setKeywords] = useState('');
  const [debouncedKeywords] = useDebouncedValue(keywords.trim(), SEARCH_DELAY_MS);
  const list = useDatasetsPage(kind.type, page, debouncedKeywords);
  const actions = useDatasetListActions(kind.section);
  useClampedPage(page, list, (data) => data.pages_count, setPage);

  function changeKeywords(value: string) {
    setKeywords(value);
    if (page !== 1) setPage(1);
  }

  const rows = list.data?.data ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t(`${kind.section}.list.title`)}</Title>
        <Button component={Link} to={`${kind.path}/0`} leftSection={<IconPlus size={18} />}>
          {t(`${kind.section}.list.add`)}
        </Button>
      </Group>
      <Card shadow="xs">
        <Stack gap="md">
          <TextInput
            label={t('datasets.list.search')}
            leftSection={<IconSearch size={16} />}
            value={keywords}
            onChange={(event) => changeKeywords(event.currentTarget.value)}
            maw={360}
          />
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="sm" highlightOnHover data-testid={`${kind.section}-table`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('datasets.columns.name')}</Table.Th>
                  <Table.Th w={80}>{t('datasets.columns.status')}</Table.Th>
                  <Table.Th w={60}>{t('datasets.columns.edit')}</Table.Th>
                  <Table.Th w={60}>{t('datasets.columns.delete')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 ? (
                  <NoDataRow columns={4} />
                ) : (
                  rows.map((dataset) => (
                    <DatasetTableRow key={dataset.ds_id} kind={kind} dataset={dataset} actions={actions} />
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageBar
            page={page}
            pageCount={list.data?.pages_count ?? 1}
            onChange={setPage}
            testId={`${kind.section}-pages`}
          />
        </Stack>
      </Card>
    </Stack>
  );
}

/** /dataset */
export function DatasetsPage() {
  return <DatasetListPage kind={datasetKind} />;
}
