import type { ImportRecordsRequest } from '@hiwar/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  FileInput,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useFormatNumber } from '../../../lib/format-number.ts';
import { ColumnMapping, type MappedColumn, mappingOf } from './column-mapping.tsx';
import { IMPORT_MAX_MEGABYTES, importFileProblem, importFormatOf, readFileText } from './import-file.ts';
import { RefusedRowsTable } from './refused-rows-table.tsx';
import { SampleRecordsTable } from './sample-records-table.tsx';
import { type ImportPreview, importRecords, previewImport, useImportTargets } from './transfer-api.ts';
import { refusedCellsOf, transferFailureMessage } from './transfer-messages.ts';

type ChosenFile = Pick<ImportRecordsRequest, 'format' | 'content'>;

/** Lets tests reach the hidden file input behind Mantine's button. */
const hiddenFileInputProps: Record<string, string> = { 'data-testid': 'import-file-input' };

interface ImportModalProps {
  datasetId: number;
  opened: boolean;
  onClose: () => void;
  onImported: () => void;
}

/** Loads records from a CSV or JSON file: a preview to check and remap, then one import (spec issue #11). */
export function ImportModal({ opened, onClose, ...props }: ImportModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('datasets.transfer.importTitle')} size="xl" centered>
      {/* mounted while open only, so every opening starts from a new file */}
      {opened && <ImportForm onClose={onClose} {...props} />}
    </Modal>
  );
}

function ImportForm({ datasetId, onClose, onImported }: Omit<ImportModalProps, 'opened'>) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const targets = useImportTargets(datasetId, true);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [columns, setColumns] = useState<MappedColumn[]>([]);
  const [skipRefused, setSkipRefused] = useState(false);

  const previewCall = useMutation({
    mutationFn: (request: ImportRecordsRequest) => previewImport(datasetId, request),
  });
  const importCall = useMutation({
    mutationFn: (request: ImportRecordsRequest) => importRecords(datasetId, request),
    onSuccess: (imported) => {
      notifications.show({
        color: 'green',
        message: t('datasets.transfer.imported', { number: formatNumber(imported) }),
      });
      onImported();
      onClose();
    },
  });

  function runPreview(file: ChosenFile, mapping?: ImportRecordsRequest['mapping']) {
    importCall.reset();
    // only the latest call's answer lands (TanStack drops the callbacks of earlier ones)
    previewCall.mutate(
      { ...file, ...(mapping && { mapping }) },
      {
        onSuccess: (answer) => {
          setPreview(answer);
          setColumns(answer.columns);
        },
        onError: () => setPreview(null),
      },
    );
  }

  async function choose(picked: File | null) {
    setChosen(null);
    setPreview(null);
    setColumns([]);
    setSkipRefused(false);
    previewCall.reset();
    importCall.reset();
    const found = picked ? importFileProblem(picked) : null;
    setProblem(found ? t(`datasets.transfer.${found}`, { mb: IMPORT_MAX_MEGABYTES }) : null);
    const format = picked ? importFormatOf(picked) : null;
    if (!picked || found || !format) return;
    const file = { format, content: await readFileText(picked) };
    setChosen(file);
    runPreview(file);
  }

  function remap(changed: MappedColumn) {
    if (!chosen) return;
    const next = columns.map((entry) => (entry.column === changed.column ? changed : entry));
    setColumns(next);
    runPreview(chosen, mappingOf(next));
  }

  const refusedCount = preview ? preview.rows_count - preview.accepted_count : 0;
  const canImport =
    chosen !== null &&
    preview !== null &&
    !previewCall.isPending &&
    preview.accepted_count > 0 &&
    (refusedCount === 0 || skipRefused);
  const mappedFields = [...new Set(columns.flatMap(({ field }) => (field ? [field] : [])))];
  const hasLocationField = (targets.data ?? []).some((field) => field.type === 'location');
  const previewRefusals = (preview?.refused ?? []).flatMap(({ row, errors }) =>
    Object.entries(errors).flatMap(([field, messages]) =>
      messages.map((message) => ({ row, field, message })),
    ),
  );
  const importRefusals = refusedCellsOf(importCall.error);

  return (
    <Stack>
      <FileInput
        label={t('datasets.transfer.file')}
        description={t('datasets.transfer.fileHint', { mb: IMPORT_MAX_MEGABYTES })}
        placeholder={t('datasets.transfer.filePlaceholder')}
        accept=".csv,.json,text/csv,application/json"
        leftSection={<IconFileImport size={16} />}
        clearable
        onChange={(picked) => void choose(picked)}
        error={problem}
        fileInputProps={hiddenFileInputProps}
      />
      {hasLocationField && (
        <Text size="xs" c="dimmed" data-testid="import-location-forms">
          {/* each form in its own direction, so "lat,lng" reads the same inside an Arabic sentence */}
          <Trans i18nKey="datasets.transfer.locationForms" components={{ c: <Code dir="ltr" /> }} />
        </Text>
      )}
      {previewCall.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('datasets.transfer.previewing')}</Text>
        </Group>
      )}
      {previewCall.isError && (
        <Alert color="red" role="alert">
          {transferFailureMessage(t, previewCall.error)}
        </Alert>
      )}
      {preview && (
        <>
          <Text size="sm" data-testid="import-counts">
            {t('datasets.transfer.counts', {
              rows: formatNumber(preview.rows_count),
              accepted: formatNumber(preview.accepted_count),
              refused: formatNumber(refusedCount),
            })}
          </Text>
          <ColumnMapping columns={columns} fields={targets.data ?? []} onChange={remap} />
          {preview.sample.length > 0 && mappedFields.length > 0 && (
            <>
              <Title order={5}>{t('datasets.transfer.sample')}</Title>
              <SampleRecordsTable fields={mappedFields} records={preview.sample} />
            </>
          )}
          {refusedCount > 0 && (
            <>
              <Title order={5}>{t('datasets.transfer.refused')}</Title>
              <RefusedRowsTable cells={previewRefusals} label={t('datasets.transfer.refused')} />
              <Checkbox
                label={t('datasets.transfer.skipRefused', { number: formatNumber(refusedCount) })}
                checked={skipRefused}
                onChange={(event) => setSkipRefused(event.currentTarget.checked)}
              />
            </>
          )}
        </>
      )}
      {importCall.isError && (
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text size="sm">{transferFailureMessage(t, importCall.error)}</Text>
            {importRefusals.length > 0 && (
              <RefusedRowsTable cells={importRefusals} label={t('datasets.transfer.importRefused')} />
            )}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          disabled={!canImport}
          loading={importCall.isPending}
          onClick={() =>
            chosen && importCall.mutate({ ...chosen, mapping: mappingOf(columns), skip_refused: skipRefused })
          }
        >
          {t('datasets.transfer.importAction')}
        </Button>
      </Group>
    </Stack>
  );
}
