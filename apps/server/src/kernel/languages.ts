import type { BotLanguage } from '@hiwar/contracts';
import { LANGS, type Lang } from '@hiwar/nlu';

/**
 * The languages the server runs conversations in: the contracts' list (what the API accepts) and the NLU's
 * (what the engine reads) are the same three, and the compiler says so here. A new language is added to both,
 * then every `Record<Lang, …>` the compiler names.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const languagesAgree: Same<Lang, BotLanguage> = true;
void languagesAgree;

export const LANGUAGES: readonly Lang[] = LANGS;
export type { Lang };
