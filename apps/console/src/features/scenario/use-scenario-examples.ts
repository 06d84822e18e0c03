import { type CommandLang, exampleMessages } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/form-errors.ts';
import {
  deleteExample,
  forgetExample,
  patchExampleStatus,
  saveExample,
  setExampleStatus,
  storeSavedExample,
} from '../examples/examples-api.ts';
import { localizeCatalogueMessage } from '../variables/contract-messages.ts';

/** Add, remove and status of the scenario's examples; the server's answers update the shared examples cache. */
export function useScenarioExamples(commandId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const localize = (text: string) => localizeCatalogueMessage(t, exampleMessages, 'examples', text);
  const showFailure = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: localize(failureMessage(error, t, t('messages.serverError'))),
    });

  const add = useMutation({
    mutationFn: ({ text, lang }: { text: string; lang: CommandLang }) =>
      saveExample({
        example_command_id: commandId,
        example_text: text,
        example_lang: lang,
        example_status: 1,
      }),
    onSuccess: (saved) => storeSavedExample(queryClient, commandId, saved),
    onError: showFailure,
  });
  const remove = useMutation({
    mutationFn: deleteExample,
    onSuccess: (_answer, exampleId) => forgetExample(queryClient, commandId, exampleId),
    onError: showFailure,
  });
  const status = useMutation({
    mutationFn: ({ id, value }: { id: number; value: 0 | 1 }) => setExampleStatus(id, value),
    onSuccess: (_answer, { id, value }) => patchExampleStatus(queryClient, commandId, id, value),
    onError: showFailure,
  });

  return {
    add: (text: string, lang: CommandLang, onAdded: () => void) =>
      add.mutate({ text, lang }, { onSuccess: onAdded }),
    isAdding: add.isPending,
    remove: (exampleId: number) => remove.mutate(exampleId),
    setStatus: (exampleId: number, value: 0 | 1) => status.mutate({ id: exampleId, value }),
    localize,
  };
}
