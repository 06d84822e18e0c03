import { useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loadTranslations } from '../lib/i18n.ts';
import {
  applyDocumentLanguage,
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  type Language,
  writeLanguageCookie,
} from '../lib/language.ts';

/** The current language and a switch that updates i18next, the `_al` cookie, `<html dir>` and Mantine. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  async function changeLanguage(next: Language) {
    await loadTranslations(next); // the strings first, so the page never shows in one direction with the other's words
    writeLanguageCookie(next);
    applyDocumentLanguage(next);
    setDirection(directionOf(next));
    await i18n.changeLanguage(next);
  }

  return { language, changeLanguage };
}
