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

export function synsetId(offset: string, posSymbol: string): number {
  return Number(offset) * 4 + (POS_CODE[posSymbol] ?? 0);
}

function contentLines(file: string): string[] {
  return file.split('\n').filter((line) => line !== '' && !line.startsWith(' '));
}

/**
 * Each lemma's most frequent synset in this part of speech (the first offset of its index line:
 * `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…`).
 */
export function readFirstSenses(indexFile: string, pos: PartOfSpeech, into: Map<string, number[]>): void {
  for (const line of contentLines(indexFile)) {
    const fields = line.trimEnd().split(' ');
    const synsetCount = Number(fields[2]);
    const first = fields[fields.length - synsetCount];
    if (!first || !fields[0]) continue;
    const senses = into.get(fields[0]) ?? [];
    senses.push(synsetId(first, FILE_CODE[pos]));
    into.set(fields[0], senses);
  }
}

/** Pointers kept from a synset: to its hypernyms (`@`, `@i` for instances) and topic domains (`;c`). */
export interface SynsetLinks {
  hypernyms: Map<number, Int32Array>;
  topics: Map<number, Int32Array>;
}

function append(map: Map<number, Int32Array>, id: number, targets: number[]): void {
  if (targets.length > 0) map.set(id, Int32Array.from(targets));
}

/**
 * The hypernym and topic pointers of every synset in a data file. A data line reads
 * `offset lex_filenum ss_type w_cnt (word lex_id)… p_cnt (symbol offset pos source/target)… | gloss`,
 * with w_cnt in hexadecimal.
 */
export function readLinks(dataFile: string, pos: PartOfSpeech, into: SynsetLinks): void {
  for (const line of contentLines(dataFile)) {
    const fields = line.split(' ');
    const id = synsetId(fields[0] ?? '', FILE_CODE[pos]);
    let at = 4 + Number.parseInt(fields[3] ?? '0', 16) * 2;
    const pointerCount = Number(fields[at++]);
    const hypernyms: number[] = [];
    const topics: number[] = [];
    for (let pointer = 0; pointer < pointerCount; pointer++, at += 4) {
      const symbol = fields[at];
      const target = synsetId(fields[at + 1] ?? '', fields[at + 2] ?? 'n');
      if (symbol === '@' || symbol === '@i') hypernyms.push(target);
      else if (symbol === ';c') topics.push(target);
    }
    append(into.hypernyms, id, hypernyms);
    append(into.topics, id, topics);
  }
}
