import {
  DATASET_MAX_FIELDS,
  type DatasetField,
  type DatasetRecord,
  datasetField,
  datasetMessages,
  fieldExistsMessage,
} from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { ApiError } from '../../lib/api-client.ts';
import type { DatasetFormContext } from './dataset-form-context.ts';
import { datasetFailureMessage, localizeDatasetMessage } from './dataset-messages.ts';
import { addDatasetField, changeDatasetField, datasetsKey, saveDataset } from './datasets-api.ts';
import type { FieldDraft } from './field-editor.tsx';

type Checked = { field: DatasetField } | { refusal: string };

/**
 * A field as the contract takes it, or why not: 'Missing data' (no name or type), a reserved name,
 * '{name} field is exist' (another field has the name), or too many fields.
 */
function checkField(draft: FieldDraft, fields: DatasetField[], editedName: string | null): Checked {
  const parsed = datasetField.safeParse(draft);
  if (!parsed.success) return { refusal: parsed.error.issues[0]?.message ?? datasetMessages.missingData };
  const field = parsed.data;
  if (fields.some((other) => other.name === field.name && other.name !== editedName))
    return { refusal: fieldExistsMessage(field.name) };
  if (editedName === null && fields.length >= DATASET_MAX_FIELDS)
    return { refusal: datasetMessages.tooManyFields };
  return { field };
}

/** Saves the dataset's schema without one field: the server drops its values from every record. */
function saveWithoutField(dataset: DatasetRecord, removed: DatasetField) {
  return saveDataset(dataset.ds_id, {
    ds_name: dataset.ds_name,
    ds_type: dataset.ds_type,
    ds_schema: dataset.ds_schema.filter((field) => field.name !== removed.name),
  });
}

/**
 * Adding, changing and removing a dataset's fields. A new dataset's fields stay in the form until its first
 * save; an existing dataset's go to the server at once. Refusals are info toasts (spec part 2 §8).
 */
export function useFieldChanges(context: DatasetFormContext, dataset: DatasetRecord | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { datasetId, draftFields, setDraftFields } = context;
  const fields = datasetId === 0 ? draftFields : (dataset?.ds_schema ?? []);

  const showRefusal = (text: string) =>
    notifications.show({ color: 'blue', message: localizeDatasetMessage(t, text) });
  const onError = (error: unknown) => {
    const isRefusal = error instanceof ApiError && error.httpStatus === 422;
    notifications.show({ color: isRefusal ? 'blue' : 'red', message: datasetFailureMessage(t, error) });
  };
  const onSaved = (saved: DatasetRecord, messageKey: string) => {
    notifications.show({ color: 'green', message: t(messageKey) });
    queryClient.setQueryData([...datasetsKey, 'one', saved.ds_id], saved);
    // the records grid reads the schema too
    return queryClient.invalidateQueries({ queryKey: datasetsKey });
  };

  const add = useMutation({
    mutationFn: (field: DatasetField) => addDatasetField(datasetId, field),
    onSuccess: (saved) => onSaved(saved, 'datasets.messages.added'),
    onError,
  });
  const change = useMutation({
    mutationFn: ({ oldName, field }: { oldName: string; field: DatasetField }) =>
      changeDatasetField(datasetId, oldName, field),
    onSuccess: (saved) => onSaved(saved, 'messages.successfullyUpdated'),
    onError,
  });
  const remove = useMutation({
    mutationFn: (field: DatasetField) => (dataset ? saveWithoutField(dataset, field) : Promise.reject()),
    onSuccess: (saved) => onSaved(saved, 'messages.successfullyUpdated'),
    onError,
  });

  /** Adds (editing null) or changes a field; `done` runs once it is taken. */
  function submitField(draft: FieldDraft, editing: DatasetField | null, done: () => void) {
    const checked = checkField(draft, fields, editing?.name ?? null);
    if ('refusal' in checked) return showRefusal(checked.refusal);
    const { field } = checked;
    if (datasetId === 0) {
      setDraftFields(
        editing ? fields.map((other) => (other === editing ? field : other)) : [...fields, field],
      );
      return done();
    }
    if (editing) change.mutate({ oldName: editing.name, field }, { onSuccess: done });
    else add.mutate(field, { onSuccess: done });
  }

  function askToRemove(field: DatasetField) {
    confirmDelete({
      t,
      name: field.name,
      onConfirm: () =>
        datasetId === 0 ? setDraftFields(fields.filter((other) => other !== field)) : remove.mutate(field),
    });
  }

  return {
    fields,
    isSaving: add.isPending || change.isPending || remove.isPending,
    submitField,
    askToRemove,
  };
}
