import type { Utterance } from './data.ts';

/** A seeded random number generator (mulberry32): the same draws on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** K utterances per intent, drawn without replacement with a seeded shuffle (all of them if fewer). */
export function sampleShots(rows: Utterance[], shots: number, seed: number): Utterance[] {
  const random = seededRandom(seed);
  const byIntent = new Map<string, Utterance[]>();
  for (const row of rows) {
    const pool = byIntent.get(row.intent) ?? [];
    pool.push(row);
    byIntent.set(row.intent, pool);
  }
  const sampled: Utterance[] = [];
  for (const intent of [...byIntent.keys()].sort()) {
    sampled.push(...shuffled(byIntent.get(intent) ?? [], random).slice(0, shots));
  }
  return sampled;
}

/** A copy of `items` in a random order (Fisher–Yates with `random`). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const pool = [...items];
  for (let index = pool.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [pool[index], pool[other]] = [pool[other]!, pool[index]!];
  }
  return pool;
}
