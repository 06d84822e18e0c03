import { predict, train } from '../engine/model.ts';
import { isNegativeClass } from '../engine/negatives.ts';
import { seededRandom, shuffleInPlace } from '../engine/random.ts';
import type { TrainingExample, TrainOptions } from '../engine/types.ts';

/**
 * How well a bot understands messages like its own examples, estimated the way `rasa test nlu` does: k-fold
 * cross-validation on the bot's examples (each example predicted by a model trained without it, its fold), and
 * the share of messages about something else the bot would reject — each group of commands held out in turn, its
 * examples asked of a model that never saw them.
 */
export interface QualityReport {
  /** folds of the cross-validation; 0 when the bot is too small to be cross-validated */
  folds: number;
  /** the examples cross-validated (negative examples train, but are not commands to score) */
  examples: number;
  /** share of held-out examples answered with their own command */
  accuracy: number;
  /** mean F1 over the commands */
  macroF1: number;
  commands: CommandQuality[];
  /** the pairs most often confused, most first */
  confusions: Confusion[];
  /** examples the bot, without them, confidently reads as another command */
  lookalikes: Lookalike[];
  /** commands with fewer examples than FEW_EXAMPLES */
  fewExamples: { command: string; examples: number }[];
  /** of the held-out commands' examples, the share rejected as out of scope; null with fewer than 3 commands */
  outOfScopeCaught: number | null;
}

export interface CommandQuality {
  command: string;
  examples: number;
  precision: number;
  recall: number;
  f1: number;
  /** held-out examples the bot did not understand at all */
  rejected: number;
}

export interface Confusion {
  /** the command the examples belong to */
  expected: string;
  /** the command the bot answered them with */
  predicted: string;
  count: number;
  examples: { id: string; text: string; score: number }[];
}

export interface Lookalike {
  id: string;
  text: string;
  command: string;
  predicted: string;
  score: number;
}

/** Below this many examples a command is reported as having too few (the console suggests 10 or more). */
export const FEW_EXAMPLES = 5;
/** A misread example is a lookalike when the other command scored at least this much. */
export const LOOKALIKE_SCORE = 0.5;
const CONFUSIONS_SHOWN = 10;
const EXAMPLES_PER_CONFUSION = 5;
const LOOKALIKES_SHOWN = 20;

/** k for a bot of `exampleCount` examples: 5 folds, 3 past 2,000 examples (each fold is a full training). */
export function foldsFor(exampleCount: number): number {
  return exampleCount > 2000 ? 3 : 5;
}

interface Verdict {
  example: TrainingExample;
  /** the best command, or null when the bot rejected the message */
  predicted: string | null;
  /** the best command's score */
  score: number;
}

/** Each command's examples dealt over the folds in a seeded order, so every fold holds some of most commands. */
function assignFolds(examples: TrainingExample[], folds: number, seed: number): number[] {
  const random = seededRandom(seed);
  const foldOf = new Array<number>(examples.length).fill(0);
  const byCommand = new Map<string, number[]>();
  examples.forEach((example, index) => {
    const list = byCommand.get(example.command) ?? [];
    list.push(index);
    byCommand.set(example.command, list);
  });
  let offset = 0;
  for (const command of [...byCommand.keys()].sort()) {
    const indexes = shuffleInPlace(byCommand.get(command)!, random);
    indexes.forEach((index, position) => {
      foldOf[index] = (offset + position) % folds;
    });
    offset += indexes.length;
  }
  return foldOf;
}

function verdictOf(model: ReturnType<typeof train>, example: TrainingExample): Verdict {
  const prediction = predict(model, example.text);
  const best = prediction.ranking[0];
  const predicted = prediction.isOutOfScope || !best || isNegativeClass(best.command) ? null : best.command;
  return { example, predicted, score: best?.score ?? 0 };
}

function crossValidatedVerdicts(
  commandExamples: TrainingExample[],
  negatives: TrainingExample[],
  folds: number,
  options: TrainOptions,
): Verdict[] {
  const foldOf = assignFolds(commandExamples, folds, options.seed ?? 42);
  const verdicts: Verdict[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const training = commandExamples.filter((_, index) => foldOf[index] !== fold);
    const held = commandExamples.filter((_, index) => foldOf[index] === fold);
    if (held.length === 0 || new Set(training.map((example) => example.command)).size < 2) continue;
    const model = train([...training, ...negatives], options);
    for (const example of held) verdicts.push(verdictOf(model, example));
  }
  return verdicts;
}

/** The share of examples of commands a model never saw that it rejects: groups of commands held out in turn. */
function outOfScopeCaught(
  commandExamples: TrainingExample[],
  negatives: TrainingExample[],
  commands: string[],
  options: TrainOptions,
): number | null {
  if (commands.length < 3) return null;
  const groups = Math.min(5, commands.length);
  const order = shuffleInPlace([...commands].sort(), seededRandom((options.seed ?? 42) + 1));
  const groupOf = new Map(order.map((command, index) => [command, index % groups]));
  let asked = 0;
  let caught = 0;
  for (let group = 0; group < groups; group++) {
    const training = commandExamples.filter((example) => groupOf.get(example.command) !== group);
    const held = commandExamples.filter((example) => groupOf.get(example.command) === group);
    const model = train([...training, ...negatives], options);
    for (const example of held) {
      asked += 1;
      if (verdictOf(model, example).predicted === null) caught += 1;
    }
  }
  return asked === 0 ? null : caught / asked;
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

function commandQualities(commands: string[], verdicts: Verdict[], supportOf: Map<string, number>) {
  return commands.map((command): CommandQuality => {
    const own = verdicts.filter((verdict) => verdict.example.command === command);
    const correct = own.filter((verdict) => verdict.predicted === command).length;
    const answeredAs = verdicts.filter((verdict) => verdict.predicted === command).length;
    const precision = ratio(correct, answeredAs);
    const recall = ratio(correct, own.length);
    return {
      command,
      examples: supportOf.get(command) ?? 0,
      precision,
      recall,
      f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
      rejected: own.filter((verdict) => verdict.predicted === null).length,
    };
  });
}

function confusionsOf(verdicts: Verdict[]): Confusion[] {
  const pairs = new Map<string, Confusion>();
  for (const verdict of verdicts) {
    const { predicted, example } = verdict;
    if (predicted === null || predicted === example.command) continue;
    const key = `${example.command}\u0000${predicted}`;
    const pair = pairs.get(key) ?? { expected: example.command, predicted, count: 0, examples: [] };
    pair.count += 1;
    pair.examples.push({ id: example.id, text: example.text, score: verdict.score });
    pairs.set(key, pair);
  }
  return [...pairs.values()]
    .sort((a, b) => b.count - a.count || a.expected.localeCompare(b.expected))
    .slice(0, CONFUSIONS_SHOWN)
    .map((pair) => ({
      ...pair,
      examples: pair.examples.sort((a, b) => b.score - a.score).slice(0, EXAMPLES_PER_CONFUSION),
    }));
}

/** The report for a bot's examples (negative ones included: they train every fold, and are never scored). */
export function crossValidate(examples: TrainingExample[], options: TrainOptions): QualityReport {
  const negatives = examples.filter((example) => isNegativeClass(example.command));
  const commandExamples = examples.filter((example) => !isNegativeClass(example.command));
  const supportOf = new Map<string, number>();
  for (const example of commandExamples) {
    supportOf.set(example.command, (supportOf.get(example.command) ?? 0) + 1);
  }
  const commands = [...supportOf.keys()].sort();
  const fewExamples = commands
    .filter((command) => (supportOf.get(command) ?? 0) < FEW_EXAMPLES)
    .map((command) => ({ command, examples: supportOf.get(command) ?? 0 }));
  const folds = commands.length >= 2 && commandExamples.length >= 4 ? foldsFor(commandExamples.length) : 0;
  const verdicts = folds > 0 ? crossValidatedVerdicts(commandExamples, negatives, folds, options) : [];
  const qualities = commandQualities(commands, verdicts, supportOf);
  const lookalikes = verdicts
    .filter((verdict) => verdict.predicted !== null && verdict.predicted !== verdict.example.command)
    .filter((verdict) => verdict.score >= LOOKALIKE_SCORE)
    .sort((a, b) => b.score - a.score)
    .slice(0, LOOKALIKES_SHOWN)
    .map((verdict) => ({
      id: verdict.example.id,
      text: verdict.example.text,
      command: verdict.example.command,
      predicted: verdict.predicted as string,
      score: verdict.score,
    }));
  return {
    folds,
    examples: commandExamples.length,
    accuracy: ratio(
      verdicts.filter((verdict) => verdict.predicted === verdict.example.command).length,
      verdicts.length,
    ),
    macroF1: ratio(
      qualities.reduce((sum, quality) => sum + quality.f1, 0),
      qualities.length,
    ),
    commands: qualities,
    confusions: confusionsOf(verdicts),
    lookalikes,
    fewExamples,
    outOfScopeCaught: folds > 0 ? outOfScopeCaught(commandExamples, negatives, commands, options) : null,
  };
}
