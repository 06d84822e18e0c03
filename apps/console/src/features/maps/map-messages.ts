import { mapMessages } from '@hiwar/contracts';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { localizeMessage } from '../../lib/messages.ts';

const keyByText = new Map<string, string>(
  Object.entries(mapMessages).map(([key, text]) => [text, `maps.serverMessages.${key}`] as const),
);

/** Form errors from the contract or the server with the maps messages in the current language. */
export function localizeMapErrors(errors: FormErrors, t: TFunction): FormErrors {
  const localized: FormErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (typeof message !== 'string') localized[field] = message;
    else {
      const key = keyByText.get(message);
      localized[field] = key ? t(key) : localizeMessage(t, message);
    }
  }
  return localized;
}
