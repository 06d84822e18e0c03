import type { EvaluationResult } from './evaluate.ts';
import { microF1 } from './metrics.ts';

export interface SuiteResult {
  suite: string;
  engine: string;
  runs: EvaluationResult[];
}

export function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
}

function deviation(values: number[]): number {
  const average = mean(values);
  return Math.sqrt(mean(values.map((value) => (value - average) ** 2)));
}

/** Mean ± standard deviation of fractions, in percent. */
export function percent(values: number[]): string {
  const text = (mean(values) * 100).toFixed(1);
  return values.length > 1 ? `${text} ± ${(deviation(values) * 100).toFixed(1)}` : text;
}

function cell(result: SuiteResult): string {
  const { runs } = result;
  const first = runs[0];
  if (!first) return '';
  if (first.oos_recall !== null) {
    return `${percent(runs.map((run) => run.in_scope_accuracy))} / ${percent(runs.map((run) => run.oos_recall ?? 0))}`;
  }
  const accuracy = percent(runs.map((run) => run.accuracy));
  const unseen = percent(runs.map((run) => run.accuracy_without_train_duplicates));
  return result.suite.includes('full') ? `${accuracy} [${unseen}]` : accuracy;
}

function costs(result: SuiteResult): string {
  const { runs } = result;
  const trainSeconds = (mean(runs.map((run) => run.train_ms)) / 1000).toFixed(1);
  const trainCpuSeconds = (mean(runs.map((run) => run.train_cpu_ms)) / 1000).toFixed(1);
  const p99 = mean(runs.map((run) => run.predict_p99_ms)).toFixed(2);
  const megabytes = (mean(runs.map((run) => run.model_bytes)) / 1e6).toFixed(1);
  return `${trainSeconds} s (cpu ${trainCpuSeconds} s) / ${p99} ms / ${megabytes} MB`;
}

function braunOverall(results: SuiteResult[], engine: string): string {
  const counts = results
    .filter((result) => result.suite.startsWith('Braun') && result.engine === engine)
    .flatMap((result) => result.runs.map((run) => run.counts));
  const pooled = counts.reduce(
    (sum, count) => ({
      inScope: sum.inScope + count.inScope,
      answered: sum.answered + count.answered,
      correct: sum.correct + count.correct,
    }),
    { inScope: 0, answered: 0, correct: 0 },
  );
  return microF1(pooled).toFixed(3);
}

function tradeoffLines(results: SuiteResult[]): string[] {
  return results
    .filter((result) => result.runs[0]?.tradeoff)
    .flatMap((result) => [
      `${result.suite}, ${result.engine}: threshold, score floor → in-scope accuracy / OOS recall`,
      ...(result.runs[0]?.tradeoff ?? []).map(
        (point) =>
          `  ${point.threshold.toFixed(3)}, ${point.floor.toFixed(3)} → ${(point.in_scope_accuracy * 100).toFixed(1)} / ${(point.oos_recall * 100).toFixed(1)}${point.isCalibrated ? "  (the model's own)" : ''}`,
      ),
    ]);
}

/** Side-by-side table (suites × engines) as plain text and as the RESULTS.md document. */
export function renderResults(
  results: SuiteResult[],
  context: { machine: string; minutes: number },
): { table: string; markdown: string } {
  const engines = [...new Set(results.map((result) => result.engine))];
  const suites = [...new Set(results.map((result) => result.suite))];
  const find = (suite: string, engine: string) =>
    results.find((result) => result.suite === suite && result.engine === engine);
  const header = ['setting', ...engines.map((engine) => `${engine} (train / p99 / model)`)];
  const rows = suites.map((suite) => [
    suite,
    ...engines.map((engine) => {
      const result = find(suite, engine);
      return result ? `${cell(result)} (${costs(result)})` : '';
    }),
  ]);
  rows.push(['Braun overall micro-F1', ...engines.map((engine) => braunOverall(results, engine))]);
  const markdownTable = [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`);
  const table = [...rows.map((row) => row.join('  |  ')), '', ...tradeoffLines(results)].join('\n');
  const markdown = [
    '# NLU benchmark results',
    '',
    `Run ${new Date().toISOString().slice(0, 10)} on ${context.machine}, ${context.minutes.toFixed(1)} minutes in all.`,
    'Reproduce: `npm run bench:nlu` (all), or one setting: `npm run nlu:eval -- --train A.jsonl --test B.jsonl --lang en`.',
    '',
    'Accuracy in % on MASSIVE dev (8-shot: mean ± sd over seeds 1–5; the test split is not used), CLINC150 test',
    "(in-scope accuracy / out-of-scope recall with each engine's own rejection: Hiwar's calibrated threshold,",
    'nlp.js\'s "None"), Braun corpora test (accuracy; pooled micro-F1 below). Costs: training time, predict p99,',
    'model size (JSON). [Brackets]: accuracy without the dev messages that also occur in train (MASSIVE has',
    "duplicates). Closed-set suites (no out-of-scope messages) take Hiwar's best command; nlp.js answers as",
    'configured by default, so its "None" counts as wrong there.',
    '',
    ...markdownTable,
    '',
    '## Out-of-scope trade-off (CLINC150)',
    '',
    '```',
    ...tradeoffLines(results),
    '```',
    '',
  ].join('\n');
  return { table, markdown };
}
