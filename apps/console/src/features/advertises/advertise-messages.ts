import { advertiseMessages } from '@hiwar/contracts';
import type { TFunction } from 'i18next';
import { localizeMessage } from '../../lib/messages.ts';

const keyByText = new Map<string, string>(
  Object.entries(advertiseMessages).map(([key, text]) => [text, `advertises.serverMessages.${key}`] as const),
);

/** A contract or server message about ads in the current language; other messages go through the catalogue. */
export function localizeAdvertiseMessage(t: TFunction, text: string): string {
  const key = keyByText.get(text);
  return key ? t(key) : localizeMessage(t, text);
}
