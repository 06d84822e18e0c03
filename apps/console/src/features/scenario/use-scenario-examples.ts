import type { CommandLang } from '@hiwar/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveExample, storeSavedExample, useExampleChanges } from '../examples/index.ts';

/** Add, remove and status of the scenario's examples; the server's answers update the shared examples cache. */
export function useScenarioExamples(commandId: number) {
  const queryClient = useQueryClient();
  const { remove, changeStatus, showFailure, localize } = useExampleChanges(commandId);

  const add = useMutation({
    mutationFn: ({ text, lang }: { text: string; lang: CommandLang | null }) =>
      saveExample({
        example_command_id: commandId,
        example_text: text,
        example_lang: lang,
        example_status: 1,
      }),
    onSuccess: (saved) => storeSavedExample(queryClient, commandId, saved),
    onError: showFailure,
  });

  return {
    add: (text: string, lang: CommandLang | null, onAdded: () => void) =>
      add.mutate({ text, lang }, { onSuccess: onAdded }),
    isAdding: add.isPending,
    remove: (exampleId: number) => remove.mutate(exampleId),
    setStatus: (exampleId: number, value: 0 | 1) => changeStatus.mutate({ id: exampleId, status: value }),
    localize,
  };
}
