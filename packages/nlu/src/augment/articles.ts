import type { Tokens } from './phrases.ts';

// Words spelled with a vowel that start with a consonant sound ("a user", "a one-way ticket", "a European
// city"), and with a consonant that start with a vowel sound ("an hour", "an honest answer").
const CONSONANT_SOUND = /^(?:uni|use|usu|uti|ura|ure|uro|eu|ewe|one|once|ubi|uga)/;
const VOWEL_SOUND = /^(?:hour|honest|honou?r|heir|[aeiou])/;
// Digits read with a vowel first: "an 8", "an 11 o'clock", "an 18th", "an 80".
const VOWEL_NUMBER = /^(?:8|11(?!\d)|18(?!\d)|11\d\d(?!\d)|18\d\d(?!\d))/;

function takesAn(word: string): boolean {
  const lower = word.toLowerCase();
  if (/^\d/.test(lower)) return VOWEL_NUMBER.test(lower);
  return VOWEL_SOUND.test(lower) && !CONSONANT_SOUND.test(lower);
}

/**
 * English "a"/"an" made to agree with the word after it, once a rewrite put another word there ("set an
 * alarm" → "set a reminder", "a big pizza" → "an extra large pizza"). Only a bare token "a" or "an" is an
 * article: "a." in "7 a. m." is not.
 */
export function withArticlesAgreeing(tokens: Tokens): Tokens {
  return tokens.map((token, index) => {
    const next = tokens[index + 1]?.match(/[\p{L}\p{N}]+/u)?.[0];
    if (!next || !/^(?:a|an|A|An)$/.test(token)) return token;
    const article = takesAn(next) ? 'an' : 'a';
    return token[0] === 'A' ? article[0]!.toUpperCase() + article.slice(1) : article;
  });
}
