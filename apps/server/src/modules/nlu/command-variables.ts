import type { VariableRecord } from '@hiwar/contracts';
import {
  type ExtractedValue,
  type ExtractionContext,
  extractVariable,
  type Lang,
  type LearnedValues,
  type VariableSpec,
} from '@hiwar/nlu';
import type { Database } from '../../platform/db/database.ts';
import { TRAFFIC_TABLES } from '../../platform/db/traffic-tables.ts';
import { WriteCache } from '../../platform/db/write-cache.ts';
import { listRecordData } from '../datasets/dataset-record-repository.ts';
import { findReadableDataset } from '../datasets/dataset-repository.ts';
import { distinctFieldValues } from '../datasets/field-values.ts';
import { listVariablesOfCommands, variableOf } from '../variables/variable-repository.ts';
import { listCommandExampleTexts } from './corpus-repository.ts';
import { loadLearnedValues } from './learned-values.ts';

export interface CommandVariableValue {
  varName: string;
  value: ExtractedValue['value'];
  source: ExtractedValue['source'];
  score: number;
  start?: number;
  end?: number;
}

/** Values found in a message, by variable id; a variable with no value in the message is absent. */
export type CommandVariableValues = Record<number, CommandVariableValue>;

export interface ExtractOptions {
  now?: Date;
  /** minutes east of UTC of the sender's clock */
  timezoneOffset?: number;
  location?: { lat: number; lng: number };
}

function specOf(variable: VariableRecord): VariableSpec {
  return {
    var_id: String(variable.var_id),
    var_name: variable.var_name,
    var_type: variable.var_type,
    var_val_regex: variable.var_val_regex,
    var_val_list: variable.var_val_list,
    var_labels: variable.var_labels,
    var_val_stopwords: variable.var_val_stopwords,
    entity_name: variable.entity_name,
  };
}

interface DatasetField {
  records: Record<string, unknown>[];
  values: string[];
}

/** The where-field values of a dataset-backed variable (datasetList is stored as list with its dataset). */
async function datasetFieldOf(
  db: Database,
  userId: number,
  variable: VariableRecord,
): Promise<DatasetField | null> {
  const field = variable.var_type_ds_field_where;
  if (variable.var_type_ds_id === null || field === '') return null;
  const dataset = await findReadableDataset(db, userId, variable.var_type_ds_id);
  if (!dataset) return null;
  const records = await listRecordData(db, dataset.ds_id);
  return { records, values: distinctFieldValues(records, field) };
}

/** A search_DS or dataset list value answers the record's return field when one is set. */
function returnFieldValue(variable: VariableRecord, dataset: DatasetField, value: ExtractedValue['value']) {
  const field = variable.var_type_ds_field_return;
  if (field === '' || typeof value === 'object') return value;
  const where = variable.var_type_ds_field_where;
  const record = dataset.records.find(
    (data) => String(data[where] ?? '').toLowerCase() === String(value).toLowerCase(),
  );
  const returned = record?.[field];
  return typeof returned === 'string' || typeof returned === 'number' ? returned : value;
}

/** Tables whose writes never change what extraction reads: the traffic's (platform/db/traffic-tables.ts) but the learned values. */
const UNRELATED_TABLES: ReadonlySet<string> = new Set(
  [...TRAFFIC_TABLES].filter((table) => table !== 'nlu_learned_values'),
);

interface ExtractionInputs {
  variables: { variable: VariableRecord; dataset: DatasetField | null }[];
  learned: LearnedValues;
  commandWords: string[];
}

/**
 * What extracting a command's variables reads of the owner's bot — its active variables (with a dataset-backed
 * one's records), the values learned from its tagged examples and its example words — kept per process until
 * a write to any other table than UNRELATED_TABLES; another process's writes are seen once an entry is a second
 * old (write-cache.ts). Read on every message that fills variables, it was three to four queries a message.
 */
const extractionInputs = new WriteCache<ExtractionInputs>({
  tables: { allBut: UNRELATED_TABLES },
  maxAgeMs: 1000,
  maxEntries: 5000,
});

async function loadExtractionInputs(
  db: Database,
  userId: number,
  commandId: number,
): Promise<ExtractionInputs> {
  const records = (await listVariablesOfCommands(db, [commandId]))
    .filter((row) => row.user_id === userId && row.var_status === 1)
    .map(variableOf);
  if (records.length === 0) return { variables: [], learned: {}, commandWords: [] };
  const variables = [];
  for (const variable of records)
    variables.push({ variable, dataset: await datasetFieldOf(db, userId, variable) });
  const learned: LearnedValues = await loadLearnedValues(db, userId, commandId);
  const commandWords = (await listCommandExampleTexts(db, userId, commandId)).flatMap((example) =>
    example.split(/\s+/u),
  );
  return { variables, learned, commandWords };
}

/**
 * The command's variables found in a message: regex, list labels and synonyms (typo-tolerant), dataset values,
 * values learned from tagged examples, locations and built-in entities, each by its var_type. Only the owner's
 * active variables are read.
 */
export async function extractCommandVariables(
  db: Database,
  userId: number,
  commandId: number,
  text: string,
  lang: Lang,
  options: ExtractOptions = {},
): Promise<CommandVariableValues> {
  const { variables, learned, commandWords } = await extractionInputs.get(db, `${userId}:${commandId}`, () =>
    loadExtractionInputs(db, userId, commandId),
  );
  const values: CommandVariableValues = {};
  for (const { variable, dataset } of variables) {
    const context: ExtractionContext = {
      learned,
      commandWords,
      ...(dataset && { datasetValues: dataset.values }),
      ...(options.now && { now: options.now }),
      ...(options.timezoneOffset !== undefined && { timezoneOffset: options.timezoneOffset }),
      ...(options.location && { location: options.location }),
    };
    const found = extractVariable(text, lang, specOf(variable), context);
    if (!found) continue;
    values[variable.var_id] = {
      varName: variable.var_name,
      value: dataset ? returnFieldValue(variable, dataset, found.value) : found.value,
      source: found.source,
      score: found.score,
      ...(found.start !== undefined && { start: found.start, end: found.end }),
    };
  }
  return values;
}
