import os from 'node:os';
import { type EngineSpec, hiwarEngine } from './engines.ts';
import { evaluate } from './evaluate.ts';
import { nlpjsEngine } from './nlpjs-engine.ts';
import { mean } from './report.ts';
import { SMALL_BOTS, smallBots } from './small-bots.ts';
import { MASSIVE_LOCALES } from './suites.ts';

/**
 * `npm run bench:oos`: small bots reject what they were not built for. For each language, 10
 * bots of 5 MASSIVE intents from 5 different scenarios, 8 training examples each; each is tested on the dev
 * messages of its intents and as many dev messages of other scenarios, labelled out of scope, with each engine's
 * own rejection (Hiwar's calibrated threshold; nothing is tuned per draw). Prints in-scope accuracy and
 * out-of-scope recall, mean ± standard error over the draws.
 */
const ENGINES: EngineSpec[] = [hiwarEngine('default', 1), hiwarEngine('embedding', 1), nlpjsEngine];

function standardError(values: number[]): number {
  if (values.length < 2) return 0;
  const average = mean(values);
  const variance = values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance / values.length);
}

function percentWithError(values: number[]): string {
  return `${(mean(values) * 100).toFixed(1)} ± ${(standardError(values) * 100).toFixed(1)}`;
}

async function main(): Promise<void> {
  const engineNames = process.env.HIWAR_BENCH_ENGINES?.split(',');
  const engines = ENGINES.filter((engine) => !engineNames || engineNames.includes(engine.name));
  const loadAtStart = os.loadavg()[0] ?? 0;
  const lines = [
    `Small bots (${SMALL_BOTS.intents} MASSIVE intents from ${SMALL_BOTS.intents} scenarios, ${SMALL_BOTS.shots} examples each, ${SMALL_BOTS.draws} draws per language): in-scope accuracy / out-of-scope recall, mean ± standard error, %`,
    '',
    `| language | ${engines.map((engine) => engine.name).join(' | ')} |`,
    `| --- | ${engines.map(() => '---').join(' | ')} |`,
  ];
  for (const [locale, lang] of MASSIVE_LOCALES) {
    const bots = smallBots(locale);
    const cells: string[] = [];
    for (const engine of engines) {
      const inScope: number[] = [];
      const recall: number[] = [];
      for (const bot of bots) {
        const result = await evaluate(engine, bot.train, bot.test, lang);
        inScope.push(result.in_scope_accuracy);
        recall.push(result.oos_recall ?? 0);
      }
      cells.push(`${percentWithError(inScope)} / ${percentWithError(recall)}`);
      process.stderr.write(`${locale} ${engine.name.padEnd(16)} ${cells.at(-1)}\n`);
    }
    lines.push(`| ${locale} | ${cells.join(' | ')} |`);
  }
  const load = `load average ${loadAtStart.toFixed(1)} at start, ${(os.loadavg()[0] ?? 0).toFixed(1)} at end`;
  lines.push('', `${os.cpus().length} cores, Node ${process.version}, ${load}.`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
