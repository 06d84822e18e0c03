import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import { type Language, readLanguageCookie } from './language.ts';

export const resources = { en: { translation: en }, ar: { translation: ar } } as const;

/** Starts i18next in the language of the `_al` cookie. */
export function initI18n(language: Language = readLanguageCookie()) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  return i18next;
}
