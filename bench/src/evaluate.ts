import { performance } from 'node:perf_hooks';
import type { Lang } from '@hiwar/nlu';
import { OUT_OF_SCOPE, type Utterance } from './data.ts';
import type { EngineSpec, TrainedEngine } from './engines.ts';
import { percentile, type Scores, score } from './metrics.ts';

/** In-scope accuracy and out-of-scope recall had the threshold been `threshold` and the score floor `floor`. */
export interface OperatingPoint {
  threshold: number;
  floor: number;
  in_scope_accuracy: number;
  oos_recall: number;
  /** The model's own threshold and floor. */
  isCalibrated: boolean;
}

export interface EvaluationResult extends Scores {
  /** Accuracy on the test messages whose text does not occur in the training set (MASSIVE has duplicates). */
  accuracy_without_train_duplicates: number;
  tradeoff?: OperatingPoint[];
  engine: string;
  train_size: number;
  test_size: number;
  train_ms: number;
  /** CPU time of training: wall time inflates when other processes share the machine. */
  train_cpu_ms: number;
  predict_p50_ms: number;
  predict_p99_ms: number;
  model_bytes: number;
}

function round(value: number, digits = 4): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

const THRESHOLDS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4];
const FLOORS = [0, 0.1, 0.2, 0.25, 0.3, 0.4];

/**
 * Two sweeps through the model's operating point: the similarity threshold at the model's score floor, then
 * the floor at the model's threshold.
 */
function tradeoffCurve(test: Utterance[], inspect: NonNullable<TrainedEngine['inspect']>): OperatingPoint[] {
  const inspected = test.map((row) => inspect(row.text));
  const calibrated = round(inspected[0]?.threshold ?? 0, 3);
  const ownFloor = round(inspected[0]?.floor ?? 0, 3);
  const pointAt = (threshold: number, floor: number): OperatingPoint => {
    const predicted = inspected.map((item) =>
      item.confidence < threshold || item.score < floor ? OUT_OF_SCOPE : item.command,
    );
    const scores = score(test, predicted);
    return {
      threshold,
      floor,
      in_scope_accuracy: round(scores.in_scope_accuracy),
      oos_recall: round(scores.oos_recall ?? 0),
      isCalibrated: threshold === calibrated && floor === ownFloor,
    };
  };
  const thresholds = [...new Set([...THRESHOLDS, calibrated])].sort((a, b) => a - b);
  const floors = [...new Set([...FLOORS, ownFloor])].sort((a, b) => a - b);
  return [
    ...thresholds.map((threshold) => pointAt(threshold, ownFloor)),
    ...floors.map((floor) => pointAt(calibrated, floor)),
  ];
}

/** Trains `engine` on `train` and classifies `test`; out-of-scope rejection is on when the test set has "oos". */
export async function evaluate(
  engine: EngineSpec,
  train: Utterance[],
  test: Utterance[],
  lang: Lang,
): Promise<EvaluationResult> {
  const rejectOutOfScope = test.some((row) => row.intent === OUT_OF_SCOPE);
  const trainStart = performance.now();
  const cpuStart = process.cpuUsage();
  const trained = await engine.train(train, lang, rejectOutOfScope);
  const trainMs = performance.now() - trainStart;
  const cpu = process.cpuUsage(cpuStart);
  const first = test[0];
  if (first) await trained.classify(first.text); // warm-up: lazy indexes and JIT are not per-message costs
  const predicted: string[] = [];
  const latencies: number[] = [];
  for (const row of test) {
    const start = performance.now();
    predicted.push(await trained.classify(row.text));
    latencies.push(performance.now() - start);
  }
  const scores = score(test, predicted);
  const seen = new Set(train.map((row) => row.text.trim().toLowerCase()));
  const unseen = test.flatMap((row, index) => (seen.has(row.text.trim().toLowerCase()) ? [] : [index]));
  const unseenScores = score(
    unseen.map((index) => test[index]!),
    unseen.map((index) => predicted[index]!),
  );
  const tradeoff = rejectOutOfScope && trained.inspect ? tradeoffCurve(test, trained.inspect) : undefined;
  return {
    engine: engine.name,
    accuracy: round(scores.accuracy),
    macro_f1: round(scores.macro_f1),
    accuracy_without_train_duplicates: round(unseenScores.accuracy),
    micro_f1: round(scores.micro_f1),
    counts: scores.counts,
    in_scope_accuracy: round(scores.in_scope_accuracy),
    oos_recall: scores.oos_recall === null ? null : round(scores.oos_recall),
    train_size: train.length,
    test_size: test.length,
    train_ms: Math.round(trainMs),
    train_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    predict_p50_ms: round(percentile(latencies, 0.5), 3),
    predict_p99_ms: round(percentile(latencies, 0.99), 3),
    model_bytes: trained.modelBytes,
    ...(tradeoff ? { tradeoff } : {}),
  };
}
