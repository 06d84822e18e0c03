import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { augment, type Lang } from '@hiwar/nlu';
import { massive, type Utterance } from './data.ts';
import { hiwarEngine } from './engines.ts';
import { evaluate } from './evaluate.ts';
import { mean, percent } from './report.ts';
import { sampleShots } from './sample.ts';
import { MASSIVE_LOCALES } from './suites.ts';

/**
 * `npm run bench:augment`: does adding the Augment call's suggestions to an 8-shot MASSIVE training set help?
 * Each seed's 8 examples per intent are trained as they are, again with up to N suggestions per example (the
 * console's defaults: at least 35% different, no typos), and, as a control, with as many verbatim copies of
 * its examples instead: what more of the same costs the classifier, apart from what the suggestions say.
 * Every model is scored on MASSIVE dev. HIWAR_AUGMENT_SAMPLES (the Ns, default 1,3) and HIWAR_AUGMENT_SEEDS
 * (default 1–10) set what runs.
 */

/**
 * Ten 8-shot draws, not the NLU bench's five: the change a seed shows is not the classifier's random start
 * (four model seeds on one draw agree within 0.4 points) but which examples the draw holds, and so which dev
 * messages their rephrasings flip — per seed it spreads over ±0.8 points, so five seeds' mean is good to about
 * ±0.35 and ten seeds' to ±0.25 (one standard error).
 */
const DEFAULT_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

const SECTION = '## Augmented 8-shot training';
const SHOTS = 8;
const LEV_MIN_RATIO = 35;

interface SeedRun {
  seed: number;
  baseline: number;
  augmented: number;
  repeated: number;
  baseSize: number;
  augmentedSize: number;
  augmentMs: number;
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** The training set with up to `samples` suggestions per example, each labelled with its example's intent. */
export function withSuggestions(rows: Utterance[], lang: Lang, samples: number): Utterance[] {
  const added = rows.flatMap((row) =>
    augment(row.text, { lang, maxSamples: samples, levMinRatio: LEV_MIN_RATIO }).map((text) => ({
      text,
      intent: row.intent,
    })),
  );
  return [...rows, ...added];
}

/** The control: the training set grown to `size` with verbatim copies of its own examples, in turn. */
export function withCopies(rows: Utterance[], size: number): Utterance[] {
  return Array.from({ length: Math.max(size, rows.length) }, (_, index) => rows[index % rows.length]!);
}

/** Per seed: the 8-shot baseline once, then for each N the set with suggestions and its copies control. */
async function runLocale(
  locale: string,
  lang: Lang,
  seeds: number[],
  sampleCounts: number[],
): Promise<Map<number, SeedRun[]>> {
  const train = massive(locale, 'train');
  const test = massive(locale, 'dev');
  const engine = hiwarEngine('default', 1);
  const runs = new Map<number, SeedRun[]>(sampleCounts.map((samples) => [samples, []]));
  for (const seed of seeds) {
    const shots = sampleShots(train, SHOTS, seed);
    const baseline = await evaluate(engine, shots, test, lang);
    for (const samples of sampleCounts) {
      const started = performance.now();
      const augmented = withSuggestions(shots, lang, samples);
      const augmentMs = performance.now() - started;
      const widened = await evaluate(engine, augmented, test, lang);
      const repeated = await evaluate(engine, withCopies(shots, augmented.length), test, lang);
      runs.get(samples)?.push({
        seed,
        baseline: baseline.accuracy,
        augmented: widened.accuracy,
        repeated: repeated.accuracy,
        baseSize: shots.length,
        augmentedSize: augmented.length,
        augmentMs,
      });
      log(
        `${locale} N=${samples} seed ${seed}: ${(baseline.accuracy * 100).toFixed(1)} → ${(widened.accuracy * 100).toFixed(1)} ` +
          `(copies ${(repeated.accuracy * 100).toFixed(1)}) ` +
          `(${shots.length} → ${augmented.length} examples, suggestions in ${(augmentMs / 1000).toFixed(1)} s)`,
      );
    }
  }
  return runs;
}

function signed(value: number, digits = 1): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
}

/** The standard error of a mean of paired changes (sample standard deviation over √n). */
function standardError(values: number[]): number {
  if (values.length < 2) return 0;
  const average = mean(values);
  const variance = values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance / values.length);
}

interface LocaleResult {
  locale: string;
  samples: number;
  runs: SeedRun[];
}

function sectionOf(results: LocaleResult[], context: { load: string }): string {
  const rows = results.map(({ locale, samples, runs }) => {
    const deltas = runs.map((run) => run.augmented - run.baseline);
    const perSeed = deltas.map((delta) => signed(delta * 100)).join(', ');
    const sizes = `${mean(runs.map((run) => run.baseSize)).toFixed(0)} → ${mean(runs.map((run) => run.augmentedSize)).toFixed(0)}`;
    const delta = mean(deltas) * 100;
    const error = standardError(deltas) * 100;
    const overCopies = mean(runs.map((run) => run.augmented - run.repeated)) * 100;
    return `| ${locale} | ${samples} | ${sizes} | ${percent(runs.map((run) => run.baseline))} | ${percent(runs.map((run) => run.augmented))} | ${signed(delta, 2)} ± ${error.toFixed(2)} | ${perSeed} | ${percent(runs.map((run) => run.repeated))} | ${signed(overCopies)} |`;
  });
  const seeds = results[0]?.runs.map((run) => run.seed).join(',') ?? '';
  const counts = [...new Set(results.map((result) => result.samples))].join(',');
  return [
    SECTION,
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, Node ${process.version}, ${context.load}.`,
    `Reproduce: \`npm run bench:augment\` (HIWAR_AUGMENT_SAMPLES=${counts}, HIWAR_AUGMENT_SEEDS=${seeds}).`,
    '',
    "Each seed's MASSIVE 8-shot training set, trained as it is and with up to N suggestions of the",
    `Augment call per example (\`augment()\` with the console's defaults: at least ${LEV_MIN_RATIO}% different, no typos;`,
    'English synonyms from WordNet), the `default` parser, accuracy in % on MASSIVE dev (mean ± sd over the',
    'seeds). The change is paired per seed: its mean ± standard error, then each seed. The control grows the',
    'same 8-shot set to the same size with verbatim copies of its examples: what more passes over the same',
    'examples cost, apart from what the suggestions add.',
    '',
    '| locale | N | training examples | 8-shot | 8-shot + suggestions | change ± se | per seed | 8-shot + copies (control) | suggestions − copies |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** Replaces this benchmark's section of RESULTS.md, or appends it; every other section stays as it is. */
function writeSection(file: string, section: string): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const start = text.indexOf(`\n${SECTION}\n`);
  if (start < 0) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const next = text.slice(start + 1).search(/\n## /);
  const rest = next < 0 ? '' : text.slice(start + 1 + next + 1);
  writeFileSync(file, `${text.slice(0, start + 1)}${section}${rest ? `\n${rest}` : ''}`);
}

async function main(): Promise<void> {
  const sampleCounts = (process.env.HIWAR_AUGMENT_SAMPLES ?? '1,3').split(',').map(Number);
  const seeds = (process.env.HIWAR_AUGMENT_SEEDS ?? DEFAULT_SEEDS.join(',')).split(',').map(Number);
  const only = process.env.HIWAR_BENCH_ONLY;
  const loadAtStart = os.loadavg()[0] ?? 0;
  const results: LocaleResult[] = [];
  for (const [locale, lang] of MASSIVE_LOCALES) {
    if (only && !locale.includes(only)) continue;
    const runs = await runLocale(locale, lang, seeds, sampleCounts);
    for (const [samples, seedRuns] of runs) results.push({ locale, samples, runs: seedRuns });
  }
  const load = `load average ${loadAtStart.toFixed(1)} at start, ${(os.loadavg()[0] ?? 0).toFixed(1)} at end`;
  const section = sectionOf(results, { load });
  process.stdout.write(`${section}\n`);
  if (!only && !process.env.BENCH_DRY_RUN) {
    const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../RESULTS.md');
    writeSection(target, section);
    log(`wrote ${target}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
