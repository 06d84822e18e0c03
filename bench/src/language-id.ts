import { detectLanguage, type Lang } from '@hiwar/nlu';
import { massive } from './data.ts';
import { MASSIVE_LOCALES } from './suites.ts';

/** Share of MASSIVE dev utterances per locale that `detectLanguage` assigns to the locale's language. */
export function measureLanguageId(): { locale: string; lang: Lang; accuracy: number }[] {
  return MASSIVE_LOCALES.map(([locale, lang]) => {
    const utterances = massive(locale, 'dev');
    const correct = utterances.filter((row) => detectLanguage(row.text) === lang).length;
    return { locale, lang, accuracy: correct / utterances.length };
  });
}

export function languageIdLines(): string[] {
  return [
    '## Language identification (`detectLanguage`, MASSIVE dev)',
    '',
    ...measureLanguageId().map(
      ({ locale, accuracy }) => `- ${locale}: ${(accuracy * 100).toFixed(1)}% identified as its language`,
    ),
    '',
    'ar-SA misses are utterances written wholly in Latin script (song titles, names) in the Arabic data.',
    '',
  ];
}
