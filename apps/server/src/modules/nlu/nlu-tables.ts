import type { Generated } from 'kysely';
import type { JsonText, Timestamp } from '../../platform/db/tables.ts';

/** `nlu_models` (migration 0006): one trained model per owner, language and parser, as JSON text. */
export interface NluModelsTable {
  id: Generated<number>;
  user_id: number;
  lang: string;
  parser: string;
  model: JsonText;
  hash: string;
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

export type NluTables = {
  nlu_models: NluModelsTable;
  nlu_learned_values: NluLearnedValuesTable;
  nlu_model_state: NluModelStateTable;
};
