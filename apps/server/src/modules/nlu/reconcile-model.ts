import {
  addExample,
  LANGS,
  type Lang,
  type Model,
  NEGATIVE_CLASS,
  removeExample,
  type TrainingExample,
} from '@hiwar/nlu';
import type { CorpusExample, NegativeCorpusExample } from './corpus-repository.ts';

export const NLU_LANGS = LANGS;
export const NLU_PARSERS = ['default', 'embedding'] as const;
export type NluLang = Lang;
export type NluParser = (typeof NLU_PARSERS)[number];

export function isNluLang(value: string): value is NluLang {
  return (NLU_LANGS as readonly string[]).includes(value);
}

/** The command id, as a string, is the class. */
export function trainingExampleOf(example: CorpusExample): TrainingExample {
  return { id: String(example.id), text: example.text, command: String(example.commandId) };
}

/** A negative example trains the engine's negative class; its id cannot be taken for an example's. */
export function negativeTrainingExampleOf(negative: NegativeCorpusExample): TrainingExample {
  return { id: `n${negative.id}`, text: negative.text, command: NEGATIVE_CLASS };
}

/**
 * What a model of one language is trained on: the commands' examples, then the negative examples — none without
 * a command's example: negative examples alone answer nothing.
 */
export function trainingSetOf(
  examples: CorpusExample[],
  negatives: NegativeCorpusExample[],
): TrainingExample[] {
  if (examples.length === 0) return [];
  return [...examples.map(trainingExampleOf), ...negatives.map(negativeTrainingExampleOf)];
}

export interface Changes {
  removed: string[];
  added: TrainingExample[];
}

/** What differs between the model's examples of the scoped commands (all when no scope) and `desired`. */
export function diffExamples(model: Model, desired: TrainingExample[], scope?: Set<string>): Changes {
  const wanted = new Map(desired.map((example) => [example.id, example]));
  const known = new Map(model.examples.map((example) => [example.id, example]));
  const removed = model.examples
    .filter((example) => (!scope || scope.has(example.command)) && !wanted.has(example.id))
    .map((example) => example.id);
  const added = desired.filter((example) => {
    const current = known.get(example.id);
    return !current || current.text !== example.text || current.command !== example.command;
  });
  return { removed, added };
}

export function countChanges(changes: Changes): number {
  return changes.removed.length + changes.added.length;
}

/**
 * Past this many changes one full training is cheaper than that many incremental steps (each rebuilds the
 * similarity indexes): an import of hundreds of examples retrains instead.
 */
export function isBulkChange(changes: Changes, model: Model): boolean {
  return countChanges(changes) > Math.max(20, model.examples.length / 10);
}

/**
 * Up to this many examples a full training costs little more than an incremental update (tens of ms, in the
 * worker), and it calibrates the out-of-scope threshold on the examples as they are now: a young bot's model,
 * first trained on one or two examples, would otherwise keep a threshold calibrated on nothing until the refresh
 * after the owner stops editing.
 */
export const SMALL_MODEL_EXAMPLES = 60;

/** Whether bringing the model to `desiredCount` examples through `changes` should retrain it instead. */
export function shouldRetrain(changes: Changes, model: Model, desiredCount: number): boolean {
  return desiredCount <= SMALL_MODEL_EXAMPLES || isBulkChange(changes, model);
}

export function applyChanges(model: Model, changes: Changes): Model {
  let next = model;
  for (const id of changes.removed) next = removeExample(next, id);
  for (const example of changes.added) next = addExample(next, example);
  return next;
}
