import { commandMessages, serviceMessages } from '@hiwar/contracts';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { localizeMessage } from '../../lib/messages.ts';

/** The contracts' service and command messages, by English text, to their keys in the locale files. */
const keyByText = new Map<string, string>([
  ...Object.entries(commandMessages).map(([key, text]) => [text, `commands.serverMessages.${key}`] as const),
  ...Object.entries(serviceMessages).map(([key, text]) => [text, `services.serverMessages.${key}`] as const),
]);

/** A server or schema message in the current language: the catalogue's, then the services and commands ones. */
export function localizeFeatureMessage(t: TFunction, text: string): string {
  const key = keyByText.get(text);
  return key ? t(key) : localizeMessage(t, text);
}

/** Form errors (already passed through the catalogue) with the services and commands messages translated. */
export function localizeFormErrors(errors: FormErrors, t: TFunction): FormErrors {
  const localized: FormErrors = {};
  for (const [field, message] of Object.entries(errors))
    localized[field] = typeof message === 'string' ? localizeFeatureMessage(t, message) : message;
  return localized;
}
