import { datasetMessages } from '@hiwar/contracts';
import type { TFunction } from 'i18next';
import { localizeMessage } from '../../../lib/messages.ts';

/** The contracts' record messages (a cell's value refused, a record gone), by English text, to locale keys. */
const recordMessageKeys = [
  'numberInvalid',
  'textInvalid',
  'listInvalid',
  'locationInvalid',
  'imageInvalid',
  'fieldUnknown',
  'recordNotFound',
  'recordsRequired',
] as const satisfies readonly (keyof typeof datasetMessages)[];

const keyByText = new Map<string, string>(
  recordMessageKeys.map((key) => [datasetMessages[key], `datasets.records.serverMessages.${key}`]),
);

/** A record message from the server or the form in the current language; the catalogue's otherwise. */
export function localizeRecordMessage(t: TFunction, text: string): string {
  const key = keyByText.get(text);
  return key ? t(key) : localizeMessage(t, text);
}
