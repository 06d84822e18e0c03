import { exampleMessages } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/form-errors.ts';
import { localizeCatalogueMessage } from '../variables/contract-messages.ts';
import { type ExampleDraft, saveRequestOf } from './example-draft.ts';
import {
  deleteExample,
  forgetExample,
  patchExampleStatus,
  saveExample,
  setExampleStatus,
  storeSavedExample,
} from './examples-api.ts';

interface RowCallbacks {
  /** a new (never saved) example leaves the list */
  onDiscarded?: () => void;
  /** a new example was stored: the stored record now lists in its place */
  onCreated?: () => void;
}

/** Save, remove and status of one example; the server's record replaces the local copy. */
export function useExampleRow(commandId: number, { onDiscarded, onCreated }: RowCallbacks) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const localize = (text: string) => localizeCatalogueMessage(t, exampleMessages, 'examples', text);
  const showFailure = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: localize(failureMessage(error, t, t('messages.serverError'))),
    });

  const save = useMutation({
    mutationFn: (draft: ExampleDraft) => saveExample(saveRequestOf(draft, commandId)),
    onSuccess: (saved, draft) => {
      storeSavedExample(queryClient, commandId, saved);
      if (draft.id === null) onCreated?.();
      notifications.show({ color: 'green', message: localize(exampleMessages.saved) });
    },
    onError: showFailure,
  });

  const remove = useMutation({
    mutationFn: deleteExample,
    onSuccess: (_answer, exampleId) => forgetExample(queryClient, commandId, exampleId),
    onError: showFailure,
  });

  const changeStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: 0 | 1 }) => setExampleStatus(id, status),
    onSuccess: (_answer, { id, status }) => patchExampleStatus(queryClient, commandId, id, status),
    onError: showFailure,
  });

  return {
    save: (draft: ExampleDraft, onSaved: () => void) => save.mutate(draft, { onSuccess: onSaved }),
    isSaving: save.isPending,
    remove: (draft: ExampleDraft) => (draft.id === null ? onDiscarded?.() : remove.mutate(draft.id)),
    isRemoving: remove.isPending,
    /** a stored example changes status at once; a new one keeps it until saved */
    storeStatus: (draft: ExampleDraft, status: 0 | 1) => {
      if (draft.id !== null) changeStatus.mutate({ id: draft.id, status });
    },
    localize,
  };
}
