import { placeMessages } from '@hiwar/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';
import { failureMessage } from '../../lib/form-errors.ts';

const keyByText = new Map<string, string>(
  Object.entries(placeMessages).map(([key, text]) => [text, `places.serverMessages.${key}`] as const),
);

/** Why a place search failed, in the console's language: the text's own field message, or the whole call's. */
export function placeSearchFailure(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const fieldMessage = typeof error.fieldErrors === 'object' ? error.fieldErrors.text?.[0] : undefined;
    const key = keyByText.get(fieldMessage ?? error.message);
    if (key) return t(key);
  }
  return failureMessage(error, t, t('messages.serverError'));
}
