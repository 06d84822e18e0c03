/**
 * Reading WordNet's database files (wndb(5)): `index.<pos>` maps a lemma to its synsets, most frequent sense
 * first; `data.<pos>` holds each synset with its pointers to other synsets. Lines that start with a space are
 * the licence header.
 */

export const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv'] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

// A synset is named by its byte offset in its data file, which is unique only per part of speech: the id
// packs both (offsets stay below 2^24, so ids fit an int32).
const POS_CODE: Record<string, number> = { n: 0, v: 1, a: 2, s: 2, r: 3 };
const FILE_CODE: Record<PartOfSpeech, string> = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };
/** Lemmas a message's token can be: one word of letters (collocations like "alarm_clock" are left out). */
const SINGLE_WORD = /^[a-z]+$/;

export function synsetId(offset: string, posSymbol: string): number {
  return Number(offset) * 4 + (POS_CODE[posSymbol] ?? 0);
}

function* contentLines(file: string): Generator<string> {
  let start = 0;
  while (start < file.length) {
    const end = file.indexOf('\n', start);
    const line = file.slice(start, end < 0 ? file.length : end);
    start = end < 0 ? file.length : end + 1;
    if (line !== '' && !line.startsWith(' ')) yield line;
  }
}

/**
 * Each single-word lemma's most frequent synset in this part of speech (the first offset of its index line:
 * `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…`).
 */
export function readFirstSenses(indexFile: string, pos: PartOfSpeech, into: Map<string, number[]>): void {
  for (const line of contentLines(indexFile)) {
    const lemma = line.slice(0, line.indexOf(' '));
    if (!SINGLE_WORD.test(lemma)) continue;
    const fields = line.trimEnd().split(' ');
    const first = fields[fields.length - Number(fields[2])];
    if (!first) continue;
    const senses = into.get(lemma) ?? [];
    senses.push(synsetId(first, FILE_CODE[pos]));
    into.set(lemma, senses);
  }
}

/**
 * Lemmas grouped by their most frequent synset in this part of speech, keeping only lemmas the sense-tagged
 * corpus attests (tagsense_cnt > 0: "purchase" and "buy", not "bargain-hunt"). Two lemmas in one group mean,
 * most often, the same thing: synonyms that read naturally in each other's place.
 */
export function readSynonymGroups(indexFile: string, pos: PartOfSpeech, into: Map<number, string[]>): void {
  for (const line of contentLines(indexFile)) {
    const lemma = line.slice(0, line.indexOf(' '));
    if (!SINGLE_WORD.test(lemma)) continue;
    const fields = line.trimEnd().split(' ');
    const senseCount = Number(fields[2]);
    const tagged = Number(fields[fields.length - senseCount - 1]);
    const first = fields[fields.length - senseCount];
    if (!first || !(tagged > 0)) continue;
    const id = synsetId(first, FILE_CODE[pos]);
    const group = into.get(id) ?? [];
    group.push(lemma);
    into.set(id, group);
  }
}

/** The part of speech a synset id packs. */
export function partOfSpeechOf(id: number): PartOfSpeech {
  return PARTS_OF_SPEECH[id % 4] ?? 'noun';
}

/** Pointers of a synset, by kind: to its hypernyms (`@`, `@i` for instances) and topic domains (`;c`). */
export type LinkKind = 'hypernyms' | 'topics';

/** Collects links while the data files are read; `freeze` packs them into sorted typed arrays. */
export class LinkCollector {
  private readonly sources: number[] = [];
  private readonly kinds: number[] = [];
  private readonly targets: number[] = [];

  add(source: number, kind: LinkKind, target: number): void {
    this.sources.push(source);
    this.kinds.push(kind === 'hypernyms' ? 0 : 1);
    this.targets.push(target);
  }

  freeze(): SynsetLinks {
    const order = Array.from(this.sources.keys()).sort(
      (left, right) => this.sources[left]! - this.sources[right]! || this.kinds[left]! - this.kinds[right]!,
    );
    return new SynsetLinks(
      Int32Array.from(order, (position) => this.sources[position]!),
      Uint8Array.from(order, (position) => this.kinds[position]!),
      Int32Array.from(order, (position) => this.targets[position]!),
    );
  }
}

/** Every kept pointer as three parallel arrays sorted by source synset: ~1 MB for all of WordNet. */
export class SynsetLinks {
  private readonly sources: Int32Array;
  private readonly kinds: Uint8Array;
  private readonly targets: Int32Array;
  constructor(sources: Int32Array, kinds: Uint8Array, targets: Int32Array) {
    this.sources = sources;
    this.kinds = kinds;
    this.targets = targets;
  }

  /** The synsets `source` points to with pointers of `kind`. */
  of(source: number, kind: LinkKind): number[] {
    const wanted = kind === 'hypernyms' ? 0 : 1;
    let low = 0;
    let high = this.sources.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sources[middle]! < source) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let slot = low; slot < this.sources.length && this.sources[slot] === source; slot++) {
      if (this.kinds[slot] === wanted) found.push(this.targets[slot]!);
    }
    return found;
  }
}

/**
 * The hypernym and topic pointers of every synset in a data file. A data line reads
 * `offset lex_filenum ss_type w_cnt (word lex_id)… p_cnt (symbol offset pos source/target)… | gloss`,
 * with w_cnt in hexadecimal.
 */
export function readLinks(dataFile: string, pos: PartOfSpeech, into: LinkCollector): void {
  for (const line of contentLines(dataFile)) {
    const fields = line.slice(0, line.indexOf(' | ')).split(' ');
    const id = synsetId(fields[0] ?? '', FILE_CODE[pos]);
    let at = 4 + Number.parseInt(fields[3] ?? '0', 16) * 2;
    const pointerCount = Number(fields[at++]);
    for (let pointer = 0; pointer < pointerCount; pointer++, at += 4) {
      const symbol = fields[at];
      const target = synsetId(fields[at + 1] ?? '', fields[at + 2] ?? 'n');
      if (symbol === '@' || symbol === '@i') into.add(id, 'hypernyms', target);
      else if (symbol === ';c') into.add(id, 'topics', target);
    }
  }
}
