import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../locales/en.json';
import { type Language, readLanguageCookie } from './language.ts';

export type Translations = typeof en;

/** Each language's strings are a chunk of their own: the first load carries only the language in use. */
const translationFiles: Record<Language, () => Promise<{ default: Translations }>> = {
  en: () => import('../locales/en.json'),
  ar: () => import('../locales/ar.json'),
};

/** Gives i18next a language's strings (tests hand over both at once, see `src/test/setup.ts`). */
export function addTranslations(language: Language, translations: Translations) {
  i18next.addResourceBundle(language, 'translation', translations, true, true);
}

/** Fetches a language's strings unless i18next has them; call before showing or switching to the language. */
export async function loadTranslations(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  addTranslations(language, (await translationFiles[language]()).default);
}

/** Starts i18next in the language of the `_al` cookie; its strings arrive through `loadTranslations`. */
export function initI18n(language: Language = readLanguageCookie()) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: {},
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
