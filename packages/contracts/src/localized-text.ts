import { z } from 'zod';

/**
 * The languages a bot speaks: the one list every other names (command_lang, an example's language, the parsers'
 * languages, a conversation's language, a text's versions). The NLU's `Lang` (packages/nlu) is the same three;
 * the server checks that they agree (`apps/server/src/kernel/languages.ts`).
 */
export const botLanguages = ['ar', 'en', 'de'] as const;
export type BotLanguage = (typeof botLanguages)[number];

/**
 * A text's versions in other languages, beside the field that holds it (`resp_text` and `resp_text_langs`,
 * a card's `title_default_value` and `title_langs`…). The plain field stays what it always was — the text in the
 * command's language, or the bot's when nothing says — so single-language records and old clients work as
 * before. Empty versions are dropped.
 */
export type LocalizedTexts = Partial<Record<BotLanguage, string>>;

/** Versions of a text by language; absent (not `{}`) when there are none, so single-language records keep their shape. */
export const localizedTexts = (max: number) =>
  z
    .object({
      ar: z.string().max(max).nullish(),
      en: z.string().max(max).nullish(),
      de: z.string().max(max).nullish(),
    })
    .nullish()
    .transform((value): LocalizedTexts | undefined => {
      const kept: LocalizedTexts = {};
      for (const language of botLanguages) {
        const version = value?.[language];
        if (typeof version === 'string' && version.trim() !== '') kept[language] = version;
      }
      return Object.keys(kept).length > 0 ? kept : undefined;
    })
    .optional();

export interface LanguageChoice {
  /** the language of the sender's message */
  message: BotLanguage | null;
  /** the language the plain field is written in (the command's; the bot's default for bot-wide texts) */
  plain: BotLanguage | null;
}

/**
 * The version of a text to answer with: the message's language, else the plain field's
 * language, else the first text present (the plain field, then ar, en, de).
 */
export function textInLanguage(
  plain: string,
  versions: LocalizedTexts | undefined,
  choice: LanguageChoice,
): string {
  const byLanguage: LocalizedTexts = { ...versions };
  if (choice.plain && plain.trim() !== '' && !byLanguage[choice.plain]) byLanguage[choice.plain] = plain;
  if (choice.message && byLanguage[choice.message]) return byLanguage[choice.message] ?? '';
  if (choice.plain && byLanguage[choice.plain]) return byLanguage[choice.plain] ?? '';
  if (plain.trim() !== '') return plain;
  for (const language of botLanguages) {
    const version = byLanguage[language];
    if (version) return version;
  }
  return plain;
}

/** Whether a text has any version at all (a required text may be given in any language). */
export function hasAnyText(plain: string, versions: LocalizedTexts | undefined): boolean {
  return (
    plain.trim() !== '' || Object.values(versions ?? {}).some((version) => (version ?? '').trim() !== '')
  );
}
