import { datasetMessages } from '@hiwar/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';
import { localizeCatalogueMessage } from '../../lib/contract-messages.ts';
import { failureMessage } from '../../lib/form-errors.ts';

const fieldExistsPattern = /^(.+) field is exist$/;
const inUsePattern = /^The dataset is used by (.+)$/;

/**
 * A dataset message of the server or the contracts in the current language: the catalogue's
 * (`datasets.messages`), '{name} field is exist' and the refusal to delete a dataset naming its users (said of
 * a menu in the menus' section).
 */
export function localizeDatasetMessage(
  t: TFunction,
  text: string,
  section: 'datasets' | 'menus' = 'datasets',
): string {
  const existing = fieldExistsPattern.exec(text);
  if (existing) return t('datasets.messages.fieldExists', { name: existing[1] });
  const inUse = inUsePattern.exec(text);
  if (inUse) return t(`${section}.messages.inUse`, { users: inUse[1] });
  return localizeCatalogueMessage(t, datasetMessages, 'datasets', text);
}

/**
 * A failed call's message in the current language: the first field error when the server named one (a
 * refused field says why, not 'The given data was invalid.'), else its msg, else 'Server error'.
 */
export function datasetFailureMessage(
  t: TFunction,
  error: unknown,
  section: 'datasets' | 'menus' = 'datasets',
): string {
  if (error instanceof ApiError && error.fieldErrors !== undefined) {
    const { fieldErrors } = error;
    const first = typeof fieldErrors === 'string' ? fieldErrors : Object.values(fieldErrors)[0]?.[0];
    if (first) return localizeDatasetMessage(t, first, section);
  }
  return localizeDatasetMessage(t, failureMessage(error, t, t('messages.serverError')), section);
}
