import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One labelled utterance; `intent: "oos"` marks an out-of-scope test message. */
export interface Utterance {
  text: string;
  intent: string;
}

export const OUT_OF_SCOPE = 'oos';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The benchmark data directory: HIWAR_BENCH_DATA, else ../shared/bench/nlu next to the repository. */
export function dataDirectory(): string {
  return process.env.HIWAR_BENCH_DATA ?? path.resolve(repositoryRoot, '../shared/bench/nlu');
}

function dataFile(...parts: string[]): string {
  return readFileSync(path.join(dataDirectory(), ...parts), 'utf8');
}

function jsonLines<T>(text: string): T[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

export function readUtteranceFile(file: string): Utterance[] {
  return jsonLines<Utterance>(readFileSync(file, 'utf8')).map(({ text, intent }) => ({ text, intent }));
}

export function massive(locale: string, split: 'train' | 'dev'): Utterance[] {
  return jsonLines<{ utt: string; intent: string }>(dataFile('massive', `${locale}.${split}.jsonl`)).map(
    ({ utt, intent }) => ({ text: utt, intent }),
  );
}

type ClincSplit = 'train' | 'val' | 'test';

/** CLINC150 data_full.json: the in-scope split, plus its out-of-scope messages labelled "oos". */
export function clinc(split: ClincSplit, withOutOfScope: boolean): Utterance[] {
  const data = JSON.parse(dataFile('clinc150', 'data_full.json')) as Record<string, [string, string][]>;
  const inScope = (data[split] ?? []).map(([text, intent]) => ({ text, intent }));
  const outOfScope = (data[`oos_${split}`] ?? []).map(([text]) => ({ text, intent: OUT_OF_SCOPE }));
  return withOutOfScope ? [...inScope, ...outOfScope] : inScope;
}

export function clincFewShot(shots: 5 | 10): Utterance[] {
  return jsonLines<Utterance>(dataFile('clinc150', 'fewshot_dnnc', `train_${shots}.jsonl`));
}

export const BRAUN_CORPORA = ['ChatbotCorpus', 'AskUbuntuCorpus', 'WebApplicationsCorpus'] as const;

export function braun(corpus: (typeof BRAUN_CORPORA)[number]): { train: Utterance[]; test: Utterance[] } {
  const data = JSON.parse(dataFile('braun-nlu-eval', `${corpus}.json`)) as {
    sentences: { text: string; intent: string; training: boolean }[];
  };
  const pick = (training: boolean) =>
    data.sentences.filter((s) => s.training === training).map(({ text, intent }) => ({ text, intent }));
  return { train: pick(true), test: pick(false) };
}
