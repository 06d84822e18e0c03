import { exampleMessages } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ExampleDraft, saveRequestOf } from './example-draft.ts';
import { saveExample, storeSavedExample } from './examples-api.ts';
import { useExampleChanges } from './use-example-changes.ts';

interface RowCallbacks {
  /** a new (never saved) example leaves the list */
  onDiscarded?: () => void;
  /** a new example was stored: the stored record now lists in its place */
  onCreated?: () => void;
}

/** Save, remove and status of one example; the server's record replaces the local copy. */
export function useExampleRow(commandId: number, { onDiscarded, onCreated }: RowCallbacks) {
  const queryClient = useQueryClient();
  const { remove, changeStatus, showFailure, localize } = useExampleChanges(commandId);

  const save = useMutation({
    mutationFn: (draft: ExampleDraft) => saveExample(saveRequestOf(draft, commandId)),
    onSuccess: (saved, draft) => {
      storeSavedExample(queryClient, commandId, saved);
      if (draft.id === null) onCreated?.();
      notifications.show({ color: 'green', message: localize(exampleMessages.saved) });
    },
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
