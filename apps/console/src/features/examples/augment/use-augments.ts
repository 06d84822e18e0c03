import type { ExampleRecord } from '@hiwar/contracts';
import { notifications } from '@mantine/notifications';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../lib/form-errors.ts';
import { examplesQueryKey } from '../examples-api.ts';
import { addAugmentedExamples, requestAugments } from './augment-api.ts';
import type { AugmentCall } from './augment-form.ts';

const comparable = (text: string) => text.trim().toLowerCase();

/** The suggested texts without repeats and without those the command already has as examples. */
function newSuggestions(queryClient: QueryClient, commandId: number, texts: readonly string[]): string[] {
  const stored = queryClient.getQueryData<ExampleRecord[]>(examplesQueryKey(commandId)) ?? [];
  const known = new Set(stored.map((example) => comparable(example.example_text)));
  return [...new Set(texts)].filter((text) => !known.has(comparable(text)));
}

/** The suggestions of the Augments modal, which of them are checked, and adding the checked ones. */
export function useAugments(target: { commandId: number; lang: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [checked, setChecked] = useState<string[]>([]);

  const ask = useMutation({
    mutationFn: requestAugments,
    onSuccess: (texts) => {
      setSuggestions(newSuggestions(queryClient, target.commandId, texts));
      setChecked([]);
    },
  });

  const add = useMutation({
    mutationFn: (texts: string[]) => addAugmentedExamples(queryClient, target, texts),
    onSuccess: (saved, texts) => {
      // an added text leaves the list so it cannot be added twice
      setSuggestions((list) => list.filter((text) => !texts.includes(text)));
      setChecked([]);
      notifications.show({ color: 'green', message: t('augment.added', { count: saved.length }) });
    },
    onError: (error) =>
      notifications.show({ color: 'red', message: failureMessage(error, t, t('messages.serverError')) }),
  });

  return {
    suggestions,
    checked,
    setChecked,
    ask: (request: AugmentCall) => ask.mutate(request),
    isAsking: ask.isPending,
    askError: ask.isError ? failureMessage(ask.error, t, t('messages.serverError')) : null,
    /** adds the checked texts; `then` runs once they are all stored */
    addChecked: (then?: () => void) => add.mutate(checked, { onSuccess: () => then?.() }),
    isAdding: add.isPending,
  };
}
