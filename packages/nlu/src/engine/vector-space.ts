import { buildInvertedIndex, type InvertedIndex } from './inverted-index.ts';
import { type SparseVector, weightAndNormalize } from './sparse.ts';
import type { Steps } from './steps.ts';

/**
 * TF-IDF space derived from the examples' raw feature vectors: IDF weights, unit example vectors, and
 * per-command centroids (the normalised sum of a command's unit vectors), searchable by feature.
 */
export interface VectorSpace {
  buckets: number;
  commands: string[];
  exampleCommands: Int32Array;
  examplesOf: Int32Array[];
  idf: Float32Array;
  unitVectors: SparseVector[];
  centroidIndex: InvertedIndex;
  /** The examples grouped by command: examplesOf[0], then examplesOf[1], … */
  exampleOrder: Int32Array;
  /** Rows commandStart[c]..commandStart[c + 1] of `exampleIndex` are command c's examples. */
  commandStart: Int32Array;
  /** The unit example vectors by feature, rows in `exampleOrder`: each posting list is grouped by command. */
  exampleIndex: InvertedIndex;
  /** Length of each command's sum of unit vectors, for leave-one-out centroids. */
  centroidSumNorms: Float32Array;
}

/**
 * IDF over commands rather than examples ("in how many commands does this feature occur"): a word repeated
 * across one command's examples stays informative, one spread over many commands does not. Measured better
 * than per-example IDF at few shots.
 */
function inverseCommandFrequencies(
  rawVectors: SparseVector[],
  exampleCommands: Int32Array,
  commandCount: number,
  buckets: number,
): Float32Array {
  const commandFrequency = new Float32Array(buckets);
  const lastCommand = new Int32Array(buckets).fill(-1);
  const byCommand = rawVectors.map((_, index) => index);
  byCommand.sort((a, b) => (exampleCommands[a] ?? 0) - (exampleCommands[b] ?? 0));
  for (const example of byCommand) {
    const command = exampleCommands[example] ?? 0;
    for (const feature of rawVectors[example]!.indices) {
      if (lastCommand[feature] === command) continue;
      lastCommand[feature] = command;
      commandFrequency[feature] = (commandFrequency[feature] ?? 0) + 1;
    }
  }
  const idf = new Float32Array(buckets);
  for (let feature = 0; feature < buckets; feature++) {
    idf[feature] = Math.log((commandCount + 1) / ((commandFrequency[feature] ?? 0) + 1)) + 1;
  }
  return idf;
}

/** Groups example positions by command: examplesOf[command] lists that command's examples. */
function groupByCommand(exampleCommands: Int32Array, commandCount: number): Int32Array[] {
  const groups: number[][] = Array.from({ length: commandCount }, () => []);
  exampleCommands.forEach((command, example) => {
    groups[command]?.push(example);
  });
  return groups.map((group) => Int32Array.from(group));
}

// Sums are accumulated in one dense scratch array, reset through the list of touched features.
function centroidsOf(unitVectors: SparseVector[], examplesOf: Int32Array[], buckets: number) {
  const scratch = new Float32Array(buckets);
  const sumNorms = new Float32Array(examplesOf.length);
  const centroids = examplesOf.map((examples, command) => {
    const touched: number[] = [];
    for (const example of examples) {
      const vector = unitVectors[example]!;
      for (let position = 0; position < vector.indices.length; position++) {
        const feature = vector.indices[position] ?? 0;
        if (scratch[feature] === 0) touched.push(feature);
        scratch[feature] = (scratch[feature] ?? 0) + (vector.values[position] ?? 0);
      }
    }
    touched.sort((a, b) => a - b);
    let squares = 0;
    for (const feature of touched) squares += (scratch[feature] ?? 0) ** 2;
    const length = Math.sqrt(squares) || 1;
    sumNorms[command] = length;
    const values = Float32Array.from(touched, (feature) => (scratch[feature] ?? 0) / length);
    for (const feature of touched) scratch[feature] = 0;
    return { indices: Int32Array.from(touched), values };
  });
  return { centroids, sumNorms };
}

/** The TF-IDF space of the examples, built a step at a time (see steps.ts): a step is a pass over the examples or the buckets. */
export function* vectorSpaceSteps(
  rawVectors: SparseVector[],
  commandOfExample: string[],
  buckets: number,
): Steps<VectorSpace> {
  const commands = [...new Set(commandOfExample)].sort();
  const position = new Map(commands.map((command, index) => [command, index]));
  const exampleCommands = Int32Array.from(commandOfExample, (command) => position.get(command) ?? 0);
  const idf = inverseCommandFrequencies(rawVectors, exampleCommands, commands.length, buckets);
  yield;
  const unitVectors = rawVectors.map((vector) => weightAndNormalize(vector, idf));
  const examplesOf = groupByCommand(exampleCommands, commands.length);
  yield;
  const { centroids, sumNorms } = centroidsOf(unitVectors, examplesOf, buckets);
  const exampleOrder = Int32Array.from(examplesOf.flatMap((examples) => Array.from(examples)));
  const commandStart = new Int32Array(commands.length + 1);
  examplesOf.forEach((examples, command) => {
    commandStart[command + 1] = (commandStart[command] ?? 0) + examples.length;
  });
  yield;
  const centroidIndex = buildInvertedIndex(centroids, buckets);
  yield;
  const exampleIndex = buildInvertedIndex(
    Array.from(exampleOrder, (example) => unitVectors[example]!),
    buckets,
  );
  return {
    buckets,
    commands,
    exampleCommands,
    examplesOf,
    idf,
    unitVectors,
    centroidIndex,
    centroidSumNorms: sumNorms,
    exampleOrder,
    commandStart,
    exampleIndex,
  };
}
