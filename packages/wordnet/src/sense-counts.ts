import { type PartOfSpeech, synsetId } from './wordnet-files.ts';

/**
 * How often the sense-tagged corpus (SemCor) saw each single-word lemma in each of its senses, from
 * `index.sense`: `lemma%ss_type:lex_filenum:lex_id:head_word:head_id synset_offset sense_number tag_cnt`,
 * ss_type 1 noun, 2 verb, 3 adjective, 4 adverb, 5 adjective satellite.
 */
export interface SenseCounts {
  /** Times `lemma` was tagged with the synset `id`. */
  inSense: Map<string, number>;
  /** Times `lemma` was tagged in any sense of a part of speech. */
  inPartOfSpeech: Map<string, number>;
}

const SENSE_TYPES: Record<string, [PartOfSpeech, string]> = {
  '1': ['noun', 'n'],
  '2': ['verb', 'v'],
  '3': ['adj', 'a'],
  '4': ['adv', 'r'],
  '5': ['adj', 's'],
};
const SINGLE_WORD = /^[a-z]+$/;

const senseKey = (lemma: string, id: number) => `${lemma} ${id}`;
const partKey = (lemma: string, pos: PartOfSpeech) => `${lemma} ${pos}`;

export function readSenseCounts(indexSense: string): SenseCounts {
  const inSense = new Map<string, number>();
  const inPartOfSpeech = new Map<string, number>();
  for (const line of indexSense.split('\n')) {
    const [key = '', offset = '', , tagCount = '0'] = line.split(' ');
    const split = key.indexOf('%');
    const lemma = key.slice(0, split);
    const type = SENSE_TYPES[key.charAt(split + 1)];
    if (split < 0 || !type || !SINGLE_WORD.test(lemma)) continue;
    const count = Number(tagCount) || 0;
    inSense.set(senseKey(lemma, synsetId(offset, type[1])), count);
    const part = partKey(lemma, type[0]);
    inPartOfSpeech.set(part, (inPartOfSpeech.get(part) ?? 0) + count);
  }
  return { inSense, inPartOfSpeech };
}

/**
 * A word's first sense "clearly dominates" when the tagged corpus saw the word in it at least this often and
 * at least this share of the times it saw the word in that part of speech. Below it, the most frequent sense
 * is a guess and its synonyms often read wrong: "alarm" (5 of 8: fear, "consternation"), "set" (30 of 117:
 * "lay"), "make" (508 of 1,612: "do"), "program" (106 of 150: "plan"). Chosen by reading the swaps they allow
 * over MASSIVE's English 8-shot examples (`bench/RESULTS.md`, Augmented 8-shot training).
 */
const MIN_WORD_TAGS = 15;
const MIN_WORD_SHARE = 0.75;
/**
 * A synonym must be a common word for that sense: tagged in it at least twice, at least a quarter as often
 * as the word ("city" → "metropolis", 7 against 103, is left out), and in it at least half of its own uses.
 */
const MIN_SYNONYM_TAGS = 2;
const MIN_SYNONYM_RATIO = 0.25;
const MIN_SYNONYM_SHARE = 0.5;

const shareOf = (counts: SenseCounts, lemma: string, sense: number, pos: PartOfSpeech) => {
  const inSense = counts.inSense.get(senseKey(lemma, sense)) ?? 0;
  const total = counts.inPartOfSpeech.get(partKey(lemma, pos)) ?? 0;
  return { inSense, share: total > 0 ? inSense / total : 0 };
};

/**
 * The members of `group` (lemmas whose first sense is `sense`) that can stand for `word` in writing: none
 * unless `sense` clearly dominates the word's uses; then only common synonyms of 3+ letters that are not
 * abbreviations of it ("february" → "feb").
 */
export function commonSynonyms(
  counts: SenseCounts,
  word: string,
  sense: number,
  pos: PartOfSpeech,
  group: readonly string[],
): string[] {
  const own = shareOf(counts, word, sense, pos);
  if (own.inSense < MIN_WORD_TAGS || own.share < MIN_WORD_SHARE) return [];
  return group.filter((other) => {
    if (other === word || other.length < 3 || word.startsWith(other)) return false;
    const { inSense, share } = shareOf(counts, other, sense, pos);
    return (
      inSense >= MIN_SYNONYM_TAGS && inSense >= MIN_SYNONYM_RATIO * own.inSense && share >= MIN_SYNONYM_SHARE
    );
  });
}
