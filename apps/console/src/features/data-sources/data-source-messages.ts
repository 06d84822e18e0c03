import { dataSourceMessages } from '@hiwar/contracts';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { localizeMessage } from '../../lib/messages.ts';

const keyByText = new Map<string, string>(
  Object.entries(dataSourceMessages).map(
    ([key, text]) => [text, `datasources.serverMessages.${key}`] as const,
  ),
);

/** A data-source message from the contract or the server in the current language. */
export function localizeDataSourceMessage(t: TFunction, text: string): string {
  const key = keyByText.get(text);
  const fallback = localizeMessage(t, text);
  return key ? t(key, { defaultValue: fallback }) : fallback;
}

export function localizeDataSourceErrors(errors: FormErrors, t: TFunction): FormErrors {
  const localized: FormErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    localized[field] = typeof message === 'string' ? localizeDataSourceMessage(t, message) : message;
  }
  return localized;
}
