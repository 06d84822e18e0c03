import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EngineSpec, hiwarEngine } from './engines.ts';
import { type EvaluationResult, evaluate } from './evaluate.ts';
import { languageIdLines } from './language-id.ts';
import { nlpjsEngine } from './nlpjs-engine.ts';
import { renderResults, type SuiteResult } from './report.ts';
import { braunSuites, clincSuites, massiveSuites, type Suite } from './suites.ts';

const ENGINES: EngineSpec[] = [hiwarEngine('default', 1), hiwarEngine('embedding', 1), nlpjsEngine];

async function runSuite(suite: Suite, engine: EngineSpec): Promise<EvaluationResult[]> {
  const runs: EvaluationResult[] = [];
  for (const trainSet of suite.trainSets) runs.push(await evaluate(engine, trainSet, suite.test, suite.lang));
  return runs;
}

/** The sections other benchmarks append to RESULTS.md (from "## Conversations" on), kept on rewrite. */
function otherSections(target: string): string[] {
  if (!existsSync(target)) return [];
  const text = readFileSync(target, 'utf8');
  const start = text.indexOf('\n## Conversations');
  return start < 0 ? [] : [text.slice(start + 1)];
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function main(): Promise<void> {
  const only = process.env.HIWAR_BENCH_ONLY;
  // A comma-separated list of engine names (hiwar-default, hiwar-embedding, nlpjs) to re-measure a few rows.
  const engineNames = process.env.HIWAR_BENCH_ENGINES?.split(',');
  const engines = ENGINES.filter((engine) => !engineNames || engineNames.includes(engine.name));
  const suites = [...massiveSuites(), ...clincSuites(), ...braunSuites()].filter(
    (suite) => !only || suite.name.includes(only),
  );
  const started = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  const results: SuiteResult[] = [];
  for (const suite of suites) {
    for (const engine of engines) {
      const runs = await runSuite(suite, engine);
      results.push({ suite: suite.name, engine: engine.name, runs });
      const accuracy = runs.reduce((sum, run) => sum + run.accuracy, 0) / runs.length;
      log(`${suite.name.padEnd(34)} ${engine.name.padEnd(16)} accuracy ${(accuracy * 100).toFixed(1)}`);
    }
  }
  const load = `load average ${loadAtStart.toFixed(1)} at start, ${(os.loadavg()[0] ?? 0).toFixed(1)} at end`;
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${load}`;
  const report = renderResults(results, { machine, minutes: (Date.now() - started) / 60_000 });
  process.stdout.write(`${report.table}\n`);
  if (!only) {
    const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../RESULTS.md');
    writeFileSync(target, [report.markdown, ...languageIdLines(), '', ...otherSections(target)].join('\n'));
    log(`wrote ${target}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
