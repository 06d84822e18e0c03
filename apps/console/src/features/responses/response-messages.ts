import { responseMessages } from '@hiwar/contracts';
import type { TFunction } from 'i18next';
import { localizeMessage } from '../../lib/messages.ts';

type ResponseMessageKey = keyof typeof responseMessages;

const keyOfMessage = new Map(
  Object.entries(responseMessages).map(([key, text]) => [text as string, key as ResponseMessageKey]),
);

/** A response editor message (the contract's or the server's) in the current language. */
export function responseMessageText(t: TFunction, message: string): string {
  const key = keyOfMessage.get(message);
  return key ? t(`responses.messages.${key}`) : localizeMessage(t, message);
}

/** The translated text of one of the contract's response messages. */
export function responseMessage(t: TFunction, key: ResponseMessageKey): string {
  return t(`responses.messages.${key}`);
}
