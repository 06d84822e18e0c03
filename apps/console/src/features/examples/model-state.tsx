import type { CheckIfFreeResponse, ModelState } from '@hiwar/contracts';
import { Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { isStillRunning, modelStateQueryKey } from './examples-api.ts';

/** While the models are updating the server is asked again this often. */
export const MODEL_STATE_POLL_MS = 1000;

/**
 * GET /command_example/check-if-free's `model`: `updating` from a saved change until the model built from it
 * answers the bot's conversations. A Train click in progress counts as updating too.
 */
async function fetchModelState(): Promise<ModelState> {
  try {
    const answer = await api.get<Pick<CheckIfFreeResponse, 'model'>>('/command_example/check-if-free');
    return answer.model ?? 'up_to_date';
  } catch (error) {
    if (isStillRunning(error)) return 'updating';
    throw error;
  }
}

export function useModelState() {
  return useQuery({
    queryKey: modelStateQueryKey,
    queryFn: fetchModelState,
    refetchInterval: (query) => (query.state.data === 'updating' ? MODEL_STATE_POLL_MS : false),
  });
}

/**
 * "Updating the model…" from a save until the bot answers with the new examples (seconds), then "Up to date":
 * the owner knows when a test message will see the change.
 */
export function ModelStateNote() {
  const { t } = useTranslation();
  const state = useModelState().data;
  if (!state) return null;
  const isUpdating = state === 'updating';
  return (
    <Group gap={6} wrap="nowrap" data-testid="model-state" data-state={state} aria-live="polite">
      {isUpdating ? (
        <Loader size={14} color="gray" />
      ) : (
        <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
      )}
      <Text size="sm" c="dimmed">
        {isUpdating ? t('examples.modelUpdating') : t('examples.modelUpToDate')}
      </Text>
    </Group>
  );
}
