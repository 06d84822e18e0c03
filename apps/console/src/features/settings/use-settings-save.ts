import { messages } from '@hiwar/contracts';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { localizeMessage } from '../../lib/messages.ts';
import { profileQueryKey } from '../../lib/profile.ts';
import { updateSettings } from './settings-api.ts';

/**
 * One card's save (spec part 2 §8): success toasts the server's message ("successfully updated"); a failure shows the msg (or "Server
 * error") in the card's alert and as an error toast, and field errors under their fields.
 */
export function useSettingsSave<Values>(form: UseFormReturnType<Values>, nameField: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: updateSettings,
    onMutate: () => setFailure(null),
    onSuccess: (answer) => {
      // the server's msg: "successfully updated", or that a new email waits for its link (SIGNUP=verify)
      const msg = typeof answer.msg === 'string' ? answer.msg : messages.successfullyUpdated;
      notifications.show({ color: 'green', message: localizeMessage(t, msg) });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
    onError: (error) => {
      const message = failureMessage(error, t, t('messages.serverError'));
      setFailure(message);
      notifications.show({ color: 'red', title: t('settings.failedTitle'), message });
      form.setErrors(serverFieldErrors(error, t, nameField));
    },
  });
  return {
    save: mutation.mutate,
    isSaving: mutation.isPending,
    failure,
    dismissFailure: () => setFailure(null),
  };
}
