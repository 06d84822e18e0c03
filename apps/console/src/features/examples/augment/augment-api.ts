import type { ExampleRecord } from '@hiwar/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { newDraft, saveRequestOf } from '../example-draft.ts';
import { saveExample, storeSavedExample } from '../examples-api.ts';
import type { AugmentCall } from './augment-form.ts';

/** POST /command_example/augment_example: reworded versions of one example text. */
export async function requestAugments(request: AugmentCall): Promise<string[]> {
  const answer = await api.post<{ augmented_texts: string[] }>('/command_example/augment_example', request);
  return answer.augmented_texts;
}

/**
 * Stores each text as a new active example of the command (POST /command_example/save_example, one at a time so
 * the list keeps their order) and puts the stored records into the examples tab's cache.
 */
export async function addAugmentedExamples(
  queryClient: QueryClient,
  target: { commandId: number; lang: string },
  texts: readonly string[],
): Promise<ExampleRecord[]> {
  const saved: ExampleRecord[] = [];
  for (const text of texts) {
    const record = await saveExample(saveRequestOf({ ...newDraft(target.lang), text }, target.commandId));
    storeSavedExample(queryClient, target.commandId, record);
    saved.push(record);
  }
  return saved;
}
