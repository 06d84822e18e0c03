import type { Generated } from 'kysely';
import type { CreatedAt, JsonText, Timestamp } from '../../platform/db/tables.ts';

/**
 * `nlu_models` (migration 0006): one trained model per owner, language and parser, as JSON text without its
 * classifier (`nlu_classifiers`, migration 0036), which it names by hash.
 */
export interface NluModelsTable {
  id: Generated<number>;
  user_id: number;
  lang: string;
  parser: string;
  /** the model's JSON with `classifier: null` (model-text.ts) */
  model: JsonText;
  hash: string;
  /** the classifier's row in nlu_classifiers; null: the model has none */
  classifier_hash: string | null;
  /** +1 on every write: processes compare it with their cached copy */
  version: number;
  /** the last full training */
  trained_at: Timestamp;
  /** the last write, full or incremental */
  updated_at: Timestamp;
}

/** `nlu_learned_values`: per command, learnValues() of its tagged examples. */
export interface NluLearnedValuesTable {
  command_id: number;
  user_id: number;
  learned: JsonText;
  updated_at: Timestamp;
}

/** `nlu_model_state` (migration 0034): example changes saved and reflected, per owner (model-updates.ts). */
export interface NluModelStateTable {
  user_id: number;
  /** +1 by every saved change of the owner's examples */
  wanted_version: number;
  /** the wanted_version the live models were built from */
  live_version: number;
  /** the last saved change */
  changed_at: Timestamp;
}

/**
 * `nlu_classifiers` (migration 0036): a model's classifier, written by a full training and left alone by the
 * incremental updates that follow (most of a model's text). Keyed by the model's owner, language, parser and the
 * classifier's hash; a write keeps only the one its model names.
 */
export interface NluClassifiersTable {
  user_id: number;
  lang: string;
  parser: string;
  hash: string;
  classifier: JsonText;
  created_at: CreatedAt;
}

/**
 * `nlu_quality_reports` (migration 0038): the owner's latest quality report per language (quality-jobs.ts), the
 * report as JSON (packages/nlu QualityReport) and the example changes it reflects (nlu_model_state's wanted_version
 * when it began).
 */
export interface NluQualityReportsTable {
  user_id: number;
  lang: string;
  parser: string;
  report: JsonText;
  wanted_version: number;
  created_at: Timestamp;
}

export type NluTables = {
  nlu_quality_reports: NluQualityReportsTable;
  nlu_models: NluModelsTable;
  nlu_classifiers: NluClassifiersTable;
  nlu_learned_values: NluLearnedValuesTable;
  nlu_model_state: NluModelStateTable;
};
