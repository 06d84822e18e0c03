import { type Lang, normalizeText } from '../text/index.ts';

// Function words and politeness fillers that carry no value of a variable. Curated rather than taken from a
// general stop-word list: those lists drop content words ("home", "order", "world") that searches need.
const FUNCTION_WORDS: Record<Lang, string> = {
  en:
    'a an the and or but of to in on at for with from by about into onto over under is are was were be been am ' +
    'do does did have has had will would can could should shall may might must i me my mine you your he him his ' +
    'she her it its we us our they them their this that these those there here some any please pls kindly ' +
    'just also want wanna need like love get give show tell find search look looking',
  de:
    'der die das den dem des ein eine einen einem einer eines und oder aber von vom zu zum zur in im an am auf ' +
    'aus bei mit nach für fuer über ueber um ist sind war bin bist sein hat habe haben hast wird werden kann ' +
    'kannst könnte koennte möchte moechte will willst ich mich mir mein meine meinen du dich dir dein er sie es ' +
    'wir uns ihr bitte mal doch gern gerne etwas ja zeig zeige such suche finde gib sag',
  ar:
    'في من الى إلى على عن مع هل ما ماذا أنا انا انت أنت هو هي نحن هم هذا هذه ذلك تلك الذي التي و او أو ثم لو ' +
    'سمحت فضلك ابي ابغى أبغى ابغي اريد أريد عايز عاوز بدي ممكن لي يا عن عند كل بعض اي أي ' +
    'قد لقد ان أن إن كان كانت يكون اعطني اعطيني ابحث دور شوف',
};

const cache = new Map<Lang, Set<string>>();

/** Normalised function words of a language (see normalizeText). */
export function functionWords(lang: Lang): Set<string> {
  let words = cache.get(lang);
  if (!words) {
    words = new Set(FUNCTION_WORDS[lang].split(' ').map((word) => normalizeText(word, lang)));
    cache.set(lang, words);
  }
  return words;
}
