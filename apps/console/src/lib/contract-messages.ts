import type { TFunction } from 'i18next';
import { localizeMessage } from './messages.ts';

/**
 * Shows a message of a feature's contracts catalogue (e.g. `variableMessages`) in the current language: the
 * locale files carry each key under `<section>.messages`. Other texts go through the shared catalogue.
 */
export function localizeCatalogueMessage(
  t: TFunction,
  catalogue: Readonly<Record<string, string>>,
  section: string,
  text: string,
): string {
  const key = Object.keys(catalogue).find((candidate) => catalogue[candidate] === text);
  return key ? t(`${section}.messages.${key}`) : localizeMessage(t, text);
}
