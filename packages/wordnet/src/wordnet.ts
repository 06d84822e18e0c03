import type { Lexicon, SynonymSet } from '@hiwar/nlu';
import { lemmaOf } from './lemmas.ts';
import { commonSynonyms, readSenseCounts, type SenseCounts } from './sense-counts.ts';
import {
  LinkCollector,
  PARTS_OF_SPEECH,
  partOfSpeechOf,
  readFirstSenses,
  readLinks,
  readSynonymGroups,
  type SynsetLinks,
} from './wordnet-files.ts';

/** WordNet's files, by name (`index.noun`, `data.verb`, …). */
export type ReadFile = (name: string) => string;

/**
 * How far up the hypernym hierarchy a word's concepts reach. MASSIVE en dev, 8 shots, 5 seeds: the synsets
 * alone +0.3 points, 2 to 8 levels +0.9 to +1.1 (within the seeds' noise); 3 keeps the far, generic concepts
 * ("entity", "abstraction") out of every message. The most frequent sense per part of speech beat 2 or 3
 * senses; topic domains added +0.2, derivations, glosses and similar adjectives cost up to 0.9.
 */
const HYPERNYM_LEVELS = 3;
/** Words whose concepts are kept; beyond it the cache starts over (a bot's vocabulary is far smaller). */
const CACHE_SIZE = 100_000;
const NONE = new Int32Array(0);

interface Database {
  firstSenses: Map<string, number[]>;
  links: SynsetLinks;
}

function readDatabase(readFile: ReadFile): Database {
  const firstSenses = new Map<string, number[]>();
  const links = new LinkCollector();
  for (const pos of PARTS_OF_SPEECH) {
    readFirstSenses(readFile(`index.${pos}`), pos, firstSenses);
    readLinks(readFile(`data.${pos}`), pos, links);
  }
  return { firstSenses, links: links.freeze() };
}

interface Synonyms {
  /** The attested lemmas sharing their most frequent sense, by that synset (one-word groups too: see below). */
  groups: Map<number, string[]>;
  counts: SenseCounts;
}

function readSynonyms(readFile: ReadFile): Synonyms {
  const groups = new Map<number, string[]>();
  for (const pos of PARTS_OF_SPEECH) readSynonymGroups(readFile(`index.${pos}`), pos, groups);
  return { groups, counts: readSenseCounts(readFile('index.sense')) };
}

/** A word's concepts: its first senses, their topics, and the hypernyms of both up to HYPERNYM_LEVELS. */
function conceptsOfLemma(database: Database, lemma: string): Int32Array {
  const { links } = database;
  const senses = database.firstSenses.get(lemma) ?? [];
  const found = new Set<number>(senses);
  for (const sense of senses) for (const topic of links.of(sense, 'topics')) found.add(topic);
  let level = [...found];
  for (let depth = 0; depth < HYPERNYM_LEVELS && level.length > 0; depth++) {
    const next: number[] = [];
    for (const synset of level) {
      for (const hypernym of links.of(synset, 'hypernyms')) {
        if (found.has(hypernym)) continue;
        found.add(hypernym);
        next.push(hypernym);
      }
    }
    level = next;
  }
  return Int32Array.from(found);
}

/**
 * English WordNet as the engine's lexicon. The files are read on the first word looked up, not at creation
 * (about a second; ~26 MB of heap kept): tests and training workers that see no English pay nothing, and the
 * server looks a word up before it listens. Synonyms are read apart, on the first asked for (augmentation
 * only), from the index files and the sense-tagged counts of `index.sense`.
 */
export function wordNetLexicon(readFile: ReadFile, name = 'wordnet-3.1'): Lexicon {
  let database: Database | undefined;
  let synonyms: Synonyms | undefined;
  const cache = new Map<string, Int32Array>();
  return {
    name,
    lang: 'en',
    concepts(word) {
      const cached = cache.get(word);
      if (cached) return cached;
      database ??= readDatabase(readFile);
      const known = database;
      const lemma = lemmaOf(word, (candidate) => known.firstSenses.has(candidate));
      const concepts = lemma === undefined ? NONE : conceptsOfLemma(known, lemma);
      if (cache.size >= CACHE_SIZE) cache.clear();
      cache.set(word, concepts);
      return concepts;
    },
    synonyms(word) {
      database ??= readDatabase(readFile);
      synonyms ??= readSynonyms(readFile);
      const { groups, counts } = synonyms;
      // Only a word in its base form: a synonym replaces it as written, and "flights" → "escape" would not do.
      if (lemmaOf(word, (candidate) => candidate === word) !== word) return [];
      const found: SynonymSet[] = [];
      for (const sense of database.firstSenses.get(word) ?? []) {
        const group = groups.get(sense);
        // A part of speech the tagged corpus never saw the word in ("weather" as a verb) is left out, so the
        // sets also tell how a word is used: "book" can be a verb, "pizza" cannot. Its synonyms are only
        // those of a clearly dominant sense ("alarm" gets none, not "consternation").
        if (!group?.includes(word)) continue;
        const pos = partOfSpeechOf(sense);
        found.push({ pos, words: commonSynonyms(counts, word, sense, pos, group) });
      }
      return found;
    },
  };
}
