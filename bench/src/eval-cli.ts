import path from 'node:path';
import { parseArgs } from 'node:util';
import { LANGS, type Lang } from '@hiwar/nlu';
import { readUtteranceFile } from './data.ts';
import { hiwarEngine } from './engines.ts';
import { evaluate } from './evaluate.ts';
import { nlpjsEngine } from './nlpjs-engine.ts';
import { sampleShots } from './sample.ts';

const USAGE =
  'npm run nlu:eval -- --train A.jsonl --test B.jsonl --lang ar|en|de [--parser default|embedding] ' +
  '[--shots K --seed S] [--peer nlpjs]';

function parseOptions() {
  const { values } = parseArgs({
    options: {
      train: { type: 'string' },
      test: { type: 'string' },
      lang: { type: 'string' },
      parser: { type: 'string', default: 'default' },
      shots: { type: 'string' },
      seed: { type: 'string', default: '1' },
      peer: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const { train, test, lang, parser, peer } = values;
  if (values.help) throw new Error(USAGE);
  if (!train || !test || !LANGS.some((known) => known === lang)) throw new Error(USAGE);
  if (parser !== 'default' && parser !== 'embedding') throw new Error(USAGE);
  if (peer !== undefined && peer !== 'nlpjs') throw new Error(USAGE);
  return {
    train,
    test,
    lang: lang as Lang,
    parser: parser as 'default' | 'embedding',
    shots: values.shots === undefined ? undefined : Number(values.shots),
    seed: Number(values.seed),
    peer,
  };
}

/** npm runs the script inside bench/: resolve file arguments from where `npm run` was typed. */
function fromInvocationDirectory(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

async function main(): Promise<void> {
  const options = parseOptions();
  const allTraining = readUtteranceFile(fromInvocationDirectory(options.train));
  const training =
    options.shots === undefined ? allTraining : sampleShots(allTraining, options.shots, options.seed);
  const engine = options.peer === 'nlpjs' ? nlpjsEngine : hiwarEngine(options.parser, options.seed);
  const result = await evaluate(
    engine,
    training,
    readUtteranceFile(fromInvocationDirectory(options.test)),
    options.lang,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
