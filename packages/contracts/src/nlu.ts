import { z } from 'zod';
import { idParam } from './numeric-input.ts';

/** Training, augmentation and the debugger (spec part 1 §2 "Debugger", §3, §4, §7, §8, §9). */

export const nluMessages = {
  trainingStarted: 'Training started',
  stillRunning: 'still running',
  free: 'free',
  valueRequired: 'The value field is required',
  maxSamplesRequired: 'The max samples field is required',
  maxSamplesRange: 'The max samples must be an integer from 1 to 20',
  levMinRatioRequired: 'The lev min ratio field is required',
  levMinRatioRange: 'The lev min ratio must be a number from 0 to 100',
  messageRequired: 'The message field is required',
} as const;

export const AUGMENT_DEFAULT_MAX_SAMPLES = 5;
export const AUGMENT_DEFAULT_LEV_MIN_RATIO = 35;
export const AUGMENT_MAX_SAMPLES_LIMIT = 20;

/** A number the form always sends: missing or empty gives `required`, anything else out of bounds `range`. */
function requiredNumber(
  required: string,
  range: string,
  bounds: { min: number; max: number; isInteger: boolean },
) {
  const bounded = z.number({ error: range }).min(bounds.min, range).max(bounds.max, range);
  return z.preprocess(
    (value) =>
      value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : range) })
      .pipe(bounds.isInteger ? bounded.int(range) : bounded),
  );
}

/** POST /command_example/augment_example. The console sends `value`; `example` is accepted for the same field. */
export const augmentRequest = z.preprocess(
  (body) => {
    if (typeof body !== 'object' || body === null) return body;
    const fields = body as Record<string, unknown>;
    return fields.value === undefined && typeof fields.example === 'string'
      ? { ...fields, value: fields.example }
      : fields;
  },
  z.object({
    value: z.string({ error: nluMessages.valueRequired }).trim().min(1, nluMessages.valueRequired).max(2000),
    max_samples: requiredNumber(nluMessages.maxSamplesRequired, nluMessages.maxSamplesRange, {
      min: 1,
      max: AUGMENT_MAX_SAMPLES_LIMIT,
      isInteger: true,
    }),
    lev_min_ratio: requiredNumber(nluMessages.levMinRatioRequired, nluMessages.levMinRatioRange, {
      min: 0,
      max: 100,
      isInteger: false,
    }),
    /** optional: use this command's language, variable labels, synonyms and value lists */
    example_command_id: z.preprocess(
      (value) => (value === '' || value === 0 || value === '0' ? null : value),
      idParam.nullish(),
    ),
    /** optional: phrasings may carry a typing mistake (off unless the owner asks) */
    typos: z.boolean().optional(),
  }),
);
export type AugmentRequest = z.input<typeof augmentRequest>;

export const augmentResponse = z.object({ status: z.literal(1), augmented_texts: z.array(z.string()) });

/** GET /command_example/train, /train/{command_id} and /check-if-free */
export const trainResponse = z.object({ status: z.union([z.literal(0), z.literal(1)]), msg: z.string() });

/** The owner's last Train job that ended, so the console can say when it finished, how long it took or why it failed. */
export const lastTraining = z.object({
  status: z.enum(['done', 'failed']),
  /** when Train queued it */
  queued_at: z.string(),
  finished_at: z.string(),
  /** why it failed (the server's reason); null when it finished */
  error: z.string().nullable(),
});
export type LastTraining = z.infer<typeof lastTraining>;

/**
 * Whether the live models reflect every saved example: `updating` from a save until the model built from it is
 * live (seconds), then `up_to_date`. A Train click is reported by `status` instead.
 */
export const modelState = z.enum(['updating', 'up_to_date']);
export type ModelState = z.infer<typeof modelState>;

/**
 * GET /command_example/check-if-free: the train answer, the last training that ended (null before the first) and
 * the models' state.
 */
export const checkIfFreeResponse = trainResponse.extend({
  last_training: lastTraining.nullable(),
  model: modelState,
});
export type CheckIfFreeResponse = z.infer<typeof checkIfFreeResponse>;

/** One event of GET /command_example/trained_examples_check (server-sent events). */
export const trainingState = z.object({
  status: z.enum(['running', 'free']),
  /** when the owner's models were last trained or updated; null before the first */
  trained_at: z.string().nullable(),
  model: modelState,
});
export type TrainingState = z.infer<typeof trainingState>;

export const debugQuery = z.object({
  message: z
    .string({ error: nluMessages.messageRequired })
    .trim()
    .min(1, nluMessages.messageRequired)
    .max(2000),
});

const topCommand = z.object({ command_id: z.number(), command_name: z.string(), score: z.number() });
const topExample = z.object({
  example_id: z.number(),
  text: z.string(),
  command_id: z.number(),
  score: z.number(),
});
export const similarity = z.object({ top_commands: z.array(topCommand), top_examples: z.array(topExample) });
export type Similarity = z.infer<typeof similarity>;

export const matchedCommand = z.object({
  command_id: z.number(),
  command_name: z.string(),
  service_name: z.string(),
  score: z.number(),
  cosine: z.number(),
});

export const senderBank = z.object({
  command_id: z.number().nullable(),
  /** the variable being prompted for, or null */
  cursor: z.number().nullable(),
  in_progress: z.boolean(),
  msg: z.string(),
  prompt: z.object({ vars: z.array(z.string()) }),
  reply_source: z.string(),
  vars: z.record(z.string(), z.unknown()),
});

export const debugResult = z.object({
  matched_command: matchedCommand.nullable(),
  replies: z.array(z.unknown()),
  cosine_threshold: z.number(),
  similar_vectors: similarity,
  similar_commands: similarity,
  command_variables: z.record(z.string(), z.unknown()),
  entities: z.array(z.unknown()),
  lang: z.string(),
  sender_bank: senderBank,
});
export type DebugResult = z.infer<typeof debugResult>;

export const debugResponse = z.object({ status: z.literal(1), data: debugResult });

/** A command a quality report names: the console links it to the command's examples. */
export const qualityCommandRef = z.object({
  command_id: z.number(),
  command_name: z.string(),
  service_id: z.number(),
});

/** GET /nlu/quality: the owner's latest quality report per language. */
export const qualityReportView = z.object({
  lang: z.string(),
  parser: z.string(),
  created_at: z.string(),
  /** examples changed since: the report follows the next training */
  is_stale: z.boolean(),
  folds: z.number(),
  examples: z.number(),
  accuracy: z.number(),
  macro_f1: z.number(),
  /** share of messages about the bot's other topics it rejects when it has never seen them; null: too few commands */
  out_of_scope_caught: z.number().nullable(),
  commands: z.array(
    qualityCommandRef.extend({
      examples: z.number(),
      precision: z.number(),
      recall: z.number(),
      f1: z.number(),
      rejected: z.number(),
    }),
  ),
  confusions: z.array(
    z.object({
      expected: qualityCommandRef,
      predicted: qualityCommandRef,
      count: z.number(),
      examples: z.array(z.object({ text: z.string(), score: z.number() })),
    }),
  ),
  lookalikes: z.array(
    z.object({
      text: z.string(),
      command: qualityCommandRef,
      predicted: qualityCommandRef,
      score: z.number(),
    }),
  ),
  few_examples: z.array(qualityCommandRef.extend({ examples: z.number() })),
});
export type QualityReportView = z.infer<typeof qualityReportView>;

export const qualityResponse = z.object({
  status: z.literal(1),
  /** a report is being made now */
  is_running: z.boolean(),
  data: z.array(qualityReportView),
});
export type QualityResponse = z.infer<typeof qualityResponse>;
