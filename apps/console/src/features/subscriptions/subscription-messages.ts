import { subscriptionMessages } from '@hiwar/contracts';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';
import { localizeCatalogueMessage } from '../../lib/contract-messages.ts';

/** A subscription message of the contracts or the server in the current language (`subscriptions.messages`). */
export function localizeSubscriptionMessage(t: TFunction, text: string): string {
  return localizeCatalogueMessage(t, subscriptionMessages, 'subscriptions', text);
}

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** The first issue per field path (`white_domains.1`, `buttons.0.item_label_key`), translated. */
export function issuesToErrors(issues: Issue[], t: TFunction): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!(field in errors)) errors[field] = localizeSubscriptionMessage(t, issue.message);
  }
  return errors;
}

/**
 * A refused call's field errors (422 `errors: {field: [msg]}`), translated, with `prefix` taken off the
 * fields (`data.title` → `title`); a single string error goes under `wholeForm`.
 */
export function subscriptionFieldErrors(
  error: unknown,
  t: TFunction,
  wholeForm: string,
  prefix = '',
): FormErrors {
  if (!(error instanceof ApiError) || error.fieldErrors === undefined) return {};
  if (typeof error.fieldErrors === 'string')
    return { [wholeForm]: localizeSubscriptionMessage(t, error.fieldErrors) };
  const errors: FormErrors = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const first = messages[0];
    const name = prefix && field.startsWith(prefix) ? field.slice(prefix.length) : field;
    if (first) errors[name] = localizeSubscriptionMessage(t, first);
  }
  return errors;
}

/** The first error of a list field or any of its items (`white_domains`, `white_domains.2`). */
export function listError(errors: FormErrors, field: string): string | undefined {
  const key = Object.keys(errors).find((name) => name === field || name.startsWith(`${field}.`));
  const message = key === undefined ? undefined : errors[key];
  return typeof message === 'string' ? message : undefined;
}
