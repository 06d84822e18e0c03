import type { DatasetDataRow, DatasetField } from '@hiwar/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import {
  type DraftValue,
  fieldErrorsByName,
  type RecordDraft,
  recordDraftOf,
  recordValuesOf,
} from './record-drafts.ts';
import { RecordFieldInput } from './record-field-input.tsx';
import { localizeRecordMessage } from './record-messages.ts';
import { insertRecord, type RecordValues, recordsKeyOf, updateRecord } from './records-api.ts';

interface RecordModalProps {
  datasetId: number;
  schema: DatasetField[];
  /** the record edited; undefined adds one */
  record: DatasetDataRow | undefined;
  onClose: () => void;
}

function localizeErrors(errors: Record<string, string>, t: TFunction) {
  return Object.fromEntries(
    Object.entries(errors).map(([name, message]) => [name, localizeRecordMessage(t, message)]),
  );
}

/**
 * Adds or edits one record: an input per field of the schema by its type. The form's own check and the
 * server's refusals (422, keyed by field) show under the field; success toasts 'successfully added' or
 * 'successfully updated' and reloads the grid.
 */
export function RecordModal({ datasetId, schema, record, onClose }: RecordModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RecordDraft>(() => recordDraftOf(schema, record));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const isNew = record === undefined;

  const save = useMutation({
    mutationFn: (values: RecordValues) =>
      isNew ? insertRecord(datasetId, values) : updateRecord(record._id, values),
    onSuccess: () => {
      notifications.show({
        color: 'green',
        message: isNew ? t('datasets.records.added') : t('datasets.records.updated'),
      });
      onClose();
      return queryClient.invalidateQueries({ queryKey: recordsKeyOf(datasetId) });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors && typeof error.fieldErrors === 'object') {
        setErrors(localizeErrors(fieldErrorsByName(error.fieldErrors), t));
        return;
      }
      notifications.show({
        color: 'red',
        message: localizeRecordMessage(t, failureMessage(error, t, t('messages.serverError'))),
      });
    },
  });

  function change(name: string, value: DraftValue) {
    setDraft((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _changed, ...others }) => others);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const { values, errors: refused } = recordValuesOf(schema, draft);
    setErrors(localizeErrors(refused, t));
    if (Object.keys(refused).length === 0) save.mutate(values);
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={isNew ? t('datasets.records.addTitle') : t('datasets.records.editTitle')}
      size="lg"
      centered
    >
      <form
        onSubmit={submit}
        noValidate
        aria-label={isNew ? t('datasets.records.addTitle') : t('datasets.records.editTitle')}
      >
        <Stack gap="md">
          {schema.length === 0 && (
            <Text c="dimmed" size="sm">
              {t('datasets.records.noFields')}
            </Text>
          )}
          {schema.map((field) => (
            <RecordFieldInput
              key={field.name}
              field={field}
              value={draft[field.name] ?? ''}
              onChange={(value) => change(field.name, value)}
              error={errors[field.name]}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={schema.length === 0}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
