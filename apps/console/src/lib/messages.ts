import { messageKeyOf } from '@hiwar/contracts';
import type { TFunction } from 'i18next';

/** Shows a server or schema message in the current language when it is one of the catalogue's messages. */
export function localizeMessage(t: TFunction, text: string): string {
  const key = messageKeyOf(text);
  return key ? t(`messages.${key}`) : text;
}
