import type { DatasetDataRow } from '@hiwar/contracts';
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageBar } from '../../../components/page-bar.tsx';
import { useClampedPage, usePageQuery } from '../../../components/page-query.ts';
import { useFormatNumber } from '../../../lib/format-number.ts';
import { useDataset } from '../datasets-api.ts';
import { DatasetTransferButtons } from '../transfer/transfer-buttons.tsx';
import { type RecordFilter, RecordFilters } from './record-filters.tsx';
import { RecordModal } from './record-modal.tsx';
import { recordsKeyOf, useRecordsPage } from './records-api.ts';
import { RecordsGrid } from './records-grid.tsx';
import { useRowSelection } from './row-selection.ts';
import { useDeleteRecords } from './use-delete-records.tsx';

const SEARCH_DELAY_MS = 300;

/** Which record the modal edits: closed, a new one, or an existing one. */
type ModalState = { isOpen: false } | { isOpen: true; record: DatasetDataRow | undefined };

/**
 * The dataset form's Data tab (spec part 2 §2, §9): the records grid, 10 a page (`?page=` in the address),
 * keyword search, filters on field values, add, edit, delete, multi-select with the Delete key, and import and
 * export of the records.
 */
export function DatasetRecordsTab({ datasetId }: { datasetId: number }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const [page, setPage] = usePageQuery();
  const [keywords, setKeywords] = useState('');
  const [debouncedKeywords] = useDebouncedValue(keywords.trim(), SEARCH_DELAY_MS);
  const [modal, setModal] = useState<ModalState>({ isOpen: false });
  const [filters, setFilters] = useState<RecordFilter[]>([]);
  const records = useRecordsPage(datasetId, page, debouncedKeywords, filters);
  const dataset = useDataset(datasetId);
  const queryClient = useQueryClient();
  useClampedPage(page, records, (data) => data.pageCount, setPage);

  const rows = records.data?.records ?? [];
  const schema = records.data?.schema ?? [];
  const ids = useMemo(() => rows.map((row) => row._id), [rows]);
  const selection = useRowSelection(ids, `${page}|${debouncedKeywords}|${JSON.stringify(filters)}`);
  const askToDelete = useDeleteRecords(datasetId, selection.clear);

  function changeKeywords(value: string) {
    setKeywords(value);
    if (page !== 1) setPage(1);
  }

  function changeFilters(next: RecordFilter[]) {
    setFilters(next);
    if (page !== 1) setPage(1);
  }

  return (
    <Card shadow="xs">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <TextInput
            label={t('datasets.records.search')}
            placeholder={t('datasets.records.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={keywords}
            onChange={(event) => changeKeywords(event.currentTarget.value)}
            maw={360}
            style={{ flex: 1 }}
          />
          <Group gap="sm">
            <DatasetTransferButtons
              datasetId={datasetId}
              datasetName={dataset.data?.ds_name ?? ''}
              onImported={() => queryClient.invalidateQueries({ queryKey: recordsKeyOf(datasetId) })}
            />
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={selection.selectedIds.length === 0}
              onClick={() => askToDelete(selection.selectedIds)}
            >
              {t('datasets.records.deleteSelected', { count: selection.selectedIds.length })}
            </Button>
            <Button
              leftSection={<IconPlus size={18} />}
              disabled={records.data === undefined}
              onClick={() => setModal({ isOpen: true, record: undefined })}
            >
              {t('datasets.records.add')}
            </Button>
          </Group>
        </Group>
        <RecordFilters schema={schema} filters={filters} onChange={changeFilters} />
        <RecordsGrid
          schema={schema}
          records={rows}
          selectedIds={selection.selectedIds}
          onSelect={selection.select}
          onToggleAll={selection.toggleAll}
          onEdit={(record) => setModal({ isOpen: true, record })}
          onDelete={askToDelete}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('datasets.records.total', { total: formatNumber(records.data?.total ?? 0) })}
          </Text>
          <PageBar
            page={page}
            pageCount={records.data?.pageCount ?? 1}
            onChange={setPage}
            testId="records-pages"
          />
        </Group>
      </Stack>
      {modal.isOpen && (
        <RecordModal
          datasetId={datasetId}
          schema={schema}
          record={modal.record}
          onClose={() => setModal({ isOpen: false })}
        />
      )}
    </Card>
  );
}
