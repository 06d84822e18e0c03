import { exampleMessages } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { localizeCatalogueMessage } from '../../lib/contract-messages.ts';
import { failureMessage } from '../../lib/form-errors.ts';
import { deleteExample, forgetExample, patchExampleStatus, setExampleStatus } from './examples-api.ts';

/**
 * What every screen listing a command's examples shares: removing one, switching its status (both update the
 * shared examples cache), and the failure toast with the server's message translated.
 */
export function useExampleChanges(commandId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const localize = (text: string) => localizeCatalogueMessage(t, exampleMessages, 'examples', text);
  const showFailure = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: localize(failureMessage(error, t, t('messages.serverError'))),
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

  return { remove, changeStatus, showFailure, localize };
}
