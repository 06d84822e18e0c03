import type { AdvertiseRecord } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import {
  type AdvertiseDraft,
  applySaved,
  draftError,
  draftsOnLoad,
  editDraft,
  newDraft,
  payloadOf,
  removeDraft,
  setMode,
} from './advertise-drafts.ts';
import { localizeAdvertiseMessage } from './advertise-messages.ts';
import { deleteAdvertise, saveAdvertises } from './advertises-api.ts';

/** The server's first message about the one ad a save sent (field `data.0.*`), else its msg. */
function failureText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.isNetworkFailure) return null;
  if (error.fieldErrors && typeof error.fieldErrors === 'object') {
    const first = Object.values(error.fieldErrors).flat()[0];
    if (first) return first;
  }
  return error.message || null;
}

/** The tab's local list of ads and its actions; `loaded` is the server list once it arrives. */
export function useAdvertiseDrafts(commandId: number, loaded: AdvertiseRecord[] | undefined) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<AdvertiseDraft[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busyKey, setBusyKey] = useState<string | null>(null);

  useEffect(() => {
    if (loaded && drafts === null) setDrafts(draftsOnLoad(loaded));
  }, [loaded, drafts]);

  const update = (change: (list: AdvertiseDraft[]) => AdvertiseDraft[]) =>
    setDrafts((list) => change(list ?? []));
  const setError = (key: string, message: string | null) =>
    setErrors(({ [key]: _old, ...rest }) => (message ? { ...rest, [key]: message } : rest));
  const showFailure = (error: unknown, key: string) => {
    const text = failureText(error);
    const message = text ? localizeAdvertiseMessage(t, text) : t('messages.serverError');
    setError(key, message);
    notifications.show({ color: 'red', message });
  };

  async function save(draft: AdvertiseDraft) {
    const invalid = draftError(draft);
    if (invalid) {
      setError(draft.key, localizeAdvertiseMessage(t, invalid));
      return;
    }
    setBusyKey(draft.key);
    try {
      const records = await saveAdvertises(commandId, [payloadOf(draft)]);
      update((list) => applySaved(list, draft.key, records));
      setError(draft.key, null);
      notifications.show({ color: 'teal', message: t('messages.successfullyUpdated') });
    } catch (error) {
      showFailure(error, draft.key);
    } finally {
      setBusyKey(null);
    }
  }

  async function remove(draft: AdvertiseDraft) {
    if (draft.id === null) return;
    setBusyKey(draft.key);
    try {
      await deleteAdvertise(draft.id);
      update((list) => removeDraft(list, draft.key));
    } catch (error) {
      showFailure(error, draft.key);
    } finally {
      setBusyKey(null);
    }
  }

  return {
    drafts,
    errors,
    busyKey,
    add: () => update((list) => [...list, newDraft()]),
    change: (key: string, edits: Parameters<typeof editDraft>[2]) => {
      update((list) => editDraft(list, key, edits));
      if (edits.code !== undefined) setError(key, null);
    },
    startEditing: (key: string) => update((list) => setMode(list, key, 'edit')),
    cancel: (key: string) => update((list) => removeDraft(list, key)),
    save,
    remove,
  };
}
