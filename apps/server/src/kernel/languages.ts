import type { BotLanguage } from '@hiwar/contracts';
import type { Lang } from '@hiwar/nlu';

/**
 * The languages the server runs conversations in: the contracts' list (what the API accepts) and the NLU's
 * `LANGS` (what the engine reads, and what the server's per-language code names) are the same three, and the
 * compiler says so here; nothing imports this file, the typecheck reads it. A new language is added to both,
 * then every `Record<Lang, …>` the compiler names.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const languagesAgree: Same<Lang, BotLanguage> = true;
void languagesAgree;
