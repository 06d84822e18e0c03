import type { LearnedValues } from '../learned/learn-values.ts';
import type { ListLabel } from '../list/match-list.ts';

export type VariableType =
  | 'text'
  | 'regex'
  | 'search'
  | 'list'
  | 'datasetList'
  | 'search_DS'
  | 'component'
  | 'location';

/** The fields of a command variable (spec part 1 §3) that extraction reads. */
export interface VariableSpec {
  var_id: string;
  var_name?: string;
  var_type: VariableType | string;
  var_val_regex?: string;
  var_val_list?: string[];
  var_labels?: ListLabel[];
  var_val_stopwords?: string[];
  /** For component variables: the built-in entity type (number, date, email, phone, url, …). */
  entity_name?: string;
}

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface ExtractionContext {
  /** Values learned from the command's tagged examples (learnValues). */
  learned?: LearnedValues;
  /** Values of the variable's dataset field, loaded by the caller (datasetList, search_DS). */
  datasetValues?: string[];
  /** Words of the matched command's examples, removed from a search variable's free text. */
  commandWords?: string[];
  /** A location the sender shared (a location event), used by location variables. */
  location?: GeoPoint;
  now?: Date;
  timezoneOffset?: number;
}

export type ExtractionSource = 'text' | 'regex' | 'list' | 'learned' | 'search' | 'location' | 'entity';

export interface ExtractedValue {
  value: string | number | GeoPoint;
  /** Offsets of the value in the message; absent for a value from a location event. */
  start?: number;
  end?: number;
  score: number;
  source: ExtractionSource;
}
