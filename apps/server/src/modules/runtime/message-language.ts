import { parseCommandPostback } from '@hiwar/contracts';
import { chooseLanguage, detectLanguage, type Lang } from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { fixedCommandKeys } from '../commands/fixed-commands.ts';
import { listMatchableCommandIds, NLU_LANGS } from '../nlu/index.ts';
import { botCache } from './bot-cache.ts';
import type { StepOutcome } from './step-outcome.ts';
import type { TurnState } from './turn-state.ts';

const matchableCommands = botCache<ReadonlySet<number>>();

/** The owner's commands a message in `lang` may match (active, in an active service, with an example in `lang`). */
export function matchableCommandsOf(db: Database, userId: number, lang: Lang): Promise<ReadonlySet<number>> {
  return matchableCommands.get(db, `${userId}:${lang}`, () => listMatchableCommandIds(db, userId, lang));
}

/**
 * The languages the bot has commands in: those with matchable commands. The same cached sets the
 * understanding step reads, so this costs no query once they are cached.
 */
export async function botLanguagesOf(db: Database, userId: number): Promise<Lang[]> {
  const commandSets = await Promise.all(NLU_LANGS.map((lang) => matchableCommandsOf(db, userId, lang)));
  return NLU_LANGS.filter((_lang, index) => (commandSets[index]?.size ?? 0) > 0);
}

/** The language a locale names ('de_DE', 'ar', 'en-US'); null for none of the bot languages or a placeholder. */
export function languageOfLocale(locale: string | undefined): Lang | null {
  const code = locale?.trim().slice(0, 2).toLowerCase() ?? '';
  return NLU_LANGS.find((lang) => lang === code) ?? null;
}

const LETTER = /\p{L}/u;

export function hasLetters(text: string): boolean {
  return LETTER.test(text);
}

const LATIN_LANGS: readonly Lang[] = ['en', 'de'];

/**
 * The language the sender writes in, for the words Hiwar says itself (the cart's, a hand-over's, "I stopped
 * asking"…): Arabic script is Arabic whatever the bot's languages; Latin text is the turn's language
 * when that is English or German, else English or German by the detector, the locale and the last language as
 * priors. A message without letters keeps the turn's language.
 */
export function senderLanguageOf(
  text: string,
  turnLang: Lang,
  priors: { localeLang: Lang | null; bank: { lang: Lang | null } },
): Lang {
  if (!hasLetters(text)) return turnLang;
  if (detectLanguage(text) === 'ar') return 'ar';
  if (LATIN_LANGS.includes(turnLang)) return turnLang;
  return chooseLanguage(text, LATIN_LANGS, { locale: priors.localeLang, previous: priors.bank.lang }).lang;
}

/**
 * The turn's language among the languages the bot has commands in (a message in any other could match
 * nothing), with the page's locale and the sender's previous language as priors. When another language is
 * nearly as likely, it is kept as the runner-up: the understanding step scores the message under both models.
 */
export async function runLanguageStep(turn: TurnState): Promise<StepOutcome> {
  const languages = await botLanguagesOf(turn.deps.db, turn.chatbot.user_id);
  // a `cmd:` payload (`cmd:12?tag=pizza`) or a fixed command's (`cs_connect`) is a button's key, no evidence of
  // the sender's language: the priors decide
  const isCommandPayload =
    turn.event.type === 'postback' &&
    (parseCommandPostback(turn.text) !== null || fixedCommandKeys.has(turn.text.trim()));
  const choice = chooseLanguage(isCommandPayload ? '' : turn.text, languages, {
    locale: turn.localeLang,
    previous: turn.bank.lang,
  });
  turn.lang = choice.lang;
  turn.runnerUpLang = choice.runnerUp;
  turn.senderLang = isCommandPayload ? choice.lang : senderLanguageOf(turn.text, choice.lang, turn);
  const among = languages.length > 0 ? languages.join(', ') : 'no commands';
  const runnerUp = choice.runnerUp ? `, close to ${choice.runnerUp}` : '';
  return { handled: false, note: `${choice.lang} among ${among}${runnerUp}` };
}
