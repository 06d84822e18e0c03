import { germanEvidence } from './language.ts';
import { LANGS, type Lang } from './normalize.ts';

/** What else hints at the language of a message besides its words. */
export interface LanguageHints {
  /** the page's or channel's locale, when it names one of the languages */
  locale?: Lang | null;
  /** the language of the sender's previous message */
  previous?: Lang | null;
}

export interface LanguageChoice {
  lang: Lang;
  /** a second language nearly as likely: the caller should score the message under both and keep the better */
  runnerUp: Lang | null;
  /** each candidate's score, best first (for traces) */
  scores: { lang: Lang; score: number }[];
}

/**
 * The weight of the script: all letters Arabic gives Arabic this much, all letters Latin gives it to English and
 * German. It outweighs both priors together, so an Arabic message never goes to a Latin language the bot also
 * speaks because of a locale, nor the other way round.
 */
const SCRIPT_WEIGHT = 6;
/** A locale names the page's language; the sender may still write in another. */
const LOCALE_PRIOR = 1;
/** Senders mostly keep to the language they wrote in last: a stronger hint than the page's locale. */
const PREVIOUS_PRIOR = 1.5;
/**
 * Below this margin the message is ambiguous between the two best languages. One German-looking spelling
 * ("pizza": +0.5 of evidence, halved per side) stays below it; a German function word (+2) with either prior
 * does not.
 */
const CLOSE_MARGIN = 2;
/** Ties go to English, the usual language of loanwords and names. */
const ENGLISH_TIE_BREAK = 0.01;

const ARABIC_LETTER = /[\u0620-\u064A\u066E-\u06D3\u06FA-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/gu;
const ANY_LETTER = /\p{L}/gu;

function scriptShares(text: string): { arabic: number; latin: number } {
  const letters = text.match(ANY_LETTER)?.length ?? 0;
  if (letters === 0) return { arabic: 0, latin: 0 };
  const arabic = (text.match(ARABIC_LETTER)?.length ?? 0) / letters;
  return { arabic, latin: 1 - arabic };
}

function textScore(lang: Lang, shares: { arabic: number; latin: number }, german: number): number {
  if (lang === 'ar') return SCRIPT_WEIGHT * shares.arabic;
  const latin = SCRIPT_WEIGHT * shares.latin;
  return lang === 'de' ? latin + german / 2 : latin - german / 2 + ENGLISH_TIE_BREAK;
}

/**
 * The language of a message among `candidates` (the languages a bot has commands in): one candidate is that
 * one; otherwise the script and German-versus-English evidence of the words, plus the locale and the sender's
 * previous language as priors. When the best two are within CLOSE_MARGIN the second is named as `runnerUp`.
 * Without candidates every language is one.
 */
export function chooseLanguage(
  text: string,
  candidates: readonly Lang[],
  hints: LanguageHints = {},
): LanguageChoice {
  const languages: readonly Lang[] = candidates.length > 0 ? candidates : LANGS;
  const shares = scriptShares(text);
  const german = shares.latin > 0 ? germanEvidence(text) : 0;
  const scores = languages
    .map((lang) => {
      let score = textScore(lang, shares, german);
      if (hints.locale === lang) score += LOCALE_PRIOR;
      if (hints.previous === lang) score += PREVIOUS_PRIOR;
      return { lang, score };
    })
    .sort((left, right) => right.score - left.score);
  const [best, second] = scores;
  if (!best) throw new Error('chooseLanguage needs a language');
  const isClose = second !== undefined && best.score - second.score < CLOSE_MARGIN;
  return { lang: best.lang, runnerUp: isClose ? second.lang : null, scores };
}
