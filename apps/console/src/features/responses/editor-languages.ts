import { type BotLanguage, botLanguages } from '@hiwar/contracts';
import { createContext, useContext } from 'react';

/** The bot's languages with the command's first: the first writes the plain field, the others `*_langs`. */
export function languagesOf(commandLanguage: string | undefined): BotLanguage[] {
  const first = botLanguages.find((language) => language === commandLanguage) ?? 'ar';
  return [first, ...botLanguages.filter((language) => language !== first)];
}

export const EditorLanguagesContext = createContext<BotLanguage[]>(languagesOf(undefined));

export function useEditorLanguages(): BotLanguage[] {
  return useContext(EditorLanguagesContext);
}

export function directionOf(language: BotLanguage): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}
