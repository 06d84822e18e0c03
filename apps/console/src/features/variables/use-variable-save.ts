import { variableMessages } from '@hiwar/contracts';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { localizeCatalogueMessage } from '../../lib/contract-messages.ts';
import { type VariableFormValues, variableProblems, variableRequestOf } from './variable-form-values.ts';
import { saveVariable } from './variables-api.ts';

interface SaveTarget {
  variableId: number;
  commandId: number;
  onSaved: (id: number) => void;
  /** the save was refused (by its own rules or the server's): the fields show their messages */
  onInvalid?: () => void;
}

function serverFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.isNetworkFailure && error.message) return error.message;
  return fallback;
}

/**
 * Spec §5 and §8 "Variable save": the save-time messages block the save (each under its field and as a toast);
 * success toasts "Variable Saves Successfully"; a failure shows the server msg in an error notification at the
 * top right, and field errors under their fields.
 */
export function useVariableSave(form: UseFormReturnType<VariableFormValues>, target: SaveTarget) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const localize = (text: string) => localizeCatalogueMessage(t, variableMessages, 'variables', text);

  const mutation = useMutation({
    mutationFn: (values: VariableFormValues) =>
      saveVariable(target.variableId, target.commandId, variableRequestOf(values)),
    onSuccess: ({ id }) => {
      notifications.show({ color: 'green', message: localize(variableMessages.saved) });
      void queryClient.invalidateQueries({ queryKey: ['variables'] });
      target.onSaved(id);
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        position: 'top-right',
        title: t('variables.form.saveFailed'),
        message: localize(serverFailureMessage(error, t('messages.serverError'))),
      });
      if (error instanceof ApiError && error.fieldErrors && typeof error.fieldErrors === 'object') {
        const fieldErrors = Object.entries(error.fieldErrors).map(([field, texts]) => [
          field,
          localize(texts[0] ?? ''),
        ]);
        form.setErrors(Object.fromEntries(fieldErrors));
        target.onInvalid?.();
      }
    },
  });

  const submit = (values: VariableFormValues) => {
    const problems = Object.entries(variableProblems(values));
    if (problems.length > 0) {
      form.setErrors(Object.fromEntries(problems.map(([field, text]) => [field, localize(text)])));
      for (const [, text] of problems) notifications.show({ color: 'red', message: localize(text) });
      target.onInvalid?.();
      return;
    }
    form.clearErrors();
    mutation.mutate(values);
  };

  return { submit, isSaving: mutation.isPending };
}
