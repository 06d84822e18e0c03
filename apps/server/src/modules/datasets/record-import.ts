import {
  DATASET_IMPORT_MAX_ROWS,
  type DatasetField,
  datasetMessages,
  type importRecordsRequest,
} from '@hiwar/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { parseCsv } from './csv.ts';
import { checkRecordValues } from './record-values.ts';

type ImportInput = z.output<typeof importRecordsRequest>;
type FileRow = Record<string, unknown>;

const REFUSED_SHOWN = 100;
const SAMPLE_SIZE = 10;

/** A CSV cell holding a location is its JSON; anything else stays text for the field's type to read. */
function csvValueOf(cell: string, field: DatasetField | undefined): unknown {
  if (field?.type !== 'location' || !cell.trim().startsWith('{')) return cell;
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
}

/** The file's columns in order and its rows keyed by column; refuses a file that cannot be read. */
function readFile(input: ImportInput, schema: DatasetField[]): { columns: string[]; rows: FileRow[] } {
  if (input.format === 'csv') {
    const lines = parseCsv(input.content);
    const [header, ...records] = lines ?? [];
    if (!header) throw AppError.invalidField('content', datasetMessages.csvUnreadable);
    const columns = header.map((column) => column.trim());
    const fields = columns.map((column) => schema.find((field) => field.name === column));
    const rows = records.map((cells) =>
      Object.fromEntries(
        columns.map((column, index) => [column, csvValueOf(cells[index] ?? '', fields[index])]),
      ),
    );
    return { columns, rows };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.content);
  } catch {
    parsed = undefined;
  }
  const isListOfObjects =
    Array.isArray(parsed) &&
    parsed.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item));
  if (!isListOfObjects) throw AppError.invalidField('content', datasetMessages.jsonUnreadable);
  const rows = parsed as FileRow[];
  return { columns: [...new Set(rows.flatMap((row) => Object.keys(row)))], rows };
}

/**
 * Which field each column goes into: the mapping's choice ('' skips the column), else the field of the same
 * name (case and spaces aside), else none.
 */
function mapColumns(columns: string[], schema: DatasetField[], mapping: Record<string, string> = {}) {
  const byName = new Map(schema.map((field) => [field.name.trim().toLowerCase(), field.name]));
  const mapped = columns.map((column) => {
    const chosen = mapping[column];
    if (chosen !== undefined) {
      if (chosen === '') return { column, field: null };
      if (!schema.some((field) => field.name === chosen)) {
        throw AppError.invalidField(`mapping.${column}`, datasetMessages.fieldUnknown);
      }
      return { column, field: chosen };
    }
    return { column, field: byName.get(column.trim().toLowerCase()) ?? null };
  });
  const targets = mapped.flatMap((entry) => (entry.field ? [entry.field] : []));
  if (targets.length === 0) throw AppError.invalidField('content', datasetMessages.importNothingMapped);
  if (new Set(targets).size !== targets.length) {
    throw AppError.invalidField('mapping', datasetMessages.importColumnTwice);
  }
  return mapped;
}

export interface ImportPlan {
  columns: { column: string; field: string | null }[];
  rowsCount: number;
  accepted: Record<string, unknown>[];
  refused: { row: number; errors: Record<string, string[]> }[];
}

/**
 * Reads a CSV or JSON file against a dataset's schema: the column → field mapping, the records as they would
 * be stored, and the rows refused with each field's message (keyed by field name).
 */
export function planImport(schema: DatasetField[], input: ImportInput): ImportPlan {
  const { columns, rows } = readFile(input, schema);
  if (rows.length > DATASET_IMPORT_MAX_ROWS) {
    throw AppError.invalidField('content', datasetMessages.importTooManyRows);
  }
  const mapped = mapColumns(columns, schema, input.mapping);
  const accepted: Record<string, unknown>[] = [];
  const refused: ImportPlan['refused'] = [];
  rows.forEach((row, index) => {
    const values: Record<string, unknown> = {};
    for (const { column, field } of mapped) if (field && column in row) values[field] = row[column];
    const checked = checkRecordValues(schema, values, '');
    if (Object.keys(checked.errors).length === 0) accepted.push(checked.values);
    else refused.push({ row: index + 1, errors: checked.errors });
  });
  return { columns: mapped, rowsCount: rows.length, accepted, refused };
}

/** The preview's answer: counts, the first refused rows and the first records. */
export function previewOf(plan: ImportPlan) {
  return {
    status: 1 as const,
    columns: plan.columns,
    rows_count: plan.rowsCount,
    accepted_count: plan.accepted.length,
    refused: plan.refused.slice(0, REFUSED_SHOWN),
    sample: plan.accepted.slice(0, SAMPLE_SIZE),
  };
}
