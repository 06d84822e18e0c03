import {
  DATASET_IMPORT_MAX_ROWS,
  type DatasetField,
  datasetMessages,
  type ImportColumn,
  type importRecordsRequest,
  type LocationPart,
} from '@hiwar/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { parseCsv } from './csv.ts';
import { readLocationCell, readLocationParts } from './import-location.ts';
import { mapColumns } from './import-mapping.ts';
import { checkRecordValues } from './record-values.ts';

type ImportInput = z.output<typeof importRecordsRequest>;
type FileRow = Record<string, unknown>;

const REFUSED_SHOWN = 100;
const SAMPLE_SIZE = 10;

/** The file's columns in order and its rows keyed by column; refuses a file that cannot be read. */
function readFile(input: ImportInput): { columns: string[]; rows: FileRow[] } {
  if (input.format === 'csv') {
    const lines = parseCsv(input.content);
    const [header, ...records] = lines ?? [];
    if (!header) throw AppError.invalidField('content', datasetMessages.csvUnreadable);
    const columns = header.map((column) => column.trim());
    const rows = records.map((cells) =>
      Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? ''])),
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
 * A row's values keyed by field, locations read from the forms people write them in (one cell, or a latitude
 * and a longitude column); a location none of them reads is refused here, the rest by the fields' checks.
 */
function valuesOfRow(row: FileRow, mapped: ImportColumn[], locationFields: Set<string>) {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  const halves = new Map<string, Partial<Record<LocationPart, unknown>>>();
  const take = (field: string, read: ReturnType<typeof readLocationCell>) => {
    if (read.ok) values[field] = read.value;
    else errors[field] = [read.message];
  };
  for (const { column, field, part } of mapped) {
    if (!field || !(column in row)) continue;
    const value = row[column];
    if (part) halves.set(field, { ...halves.get(field), [part]: value });
    else if (locationFields.has(field)) take(field, readLocationCell(value));
    else values[field] = value;
  }
  for (const [field, { latitude, longitude }] of halves) take(field, readLocationParts(latitude, longitude));
  return { values, errors };
}

export interface ImportPlan {
  columns: ImportColumn[];
  rowsCount: number;
  accepted: Record<string, unknown>[];
  refused: { row: number; errors: Record<string, string[]> }[];
}

/**
 * Reads a CSV or JSON file against a dataset's schema: the column → field mapping, the records as they would
 * be stored, and the rows refused with each field's message (keyed by field name).
 */
export function planImport(schema: DatasetField[], input: ImportInput): ImportPlan {
  const { columns, rows } = readFile(input);
  if (rows.length > DATASET_IMPORT_MAX_ROWS) {
    throw AppError.invalidField('content', datasetMessages.importTooManyRows);
  }
  const mapped = mapColumns(columns, schema, input.mapping);
  const locationFields = new Set(schema.flatMap((field) => (field.type === 'location' ? [field.name] : [])));
  const accepted: Record<string, unknown>[] = [];
  const refused: ImportPlan['refused'] = [];
  rows.forEach((row, index) => {
    const read = valuesOfRow(row, mapped, locationFields);
    const checked = checkRecordValues(schema, read.values, '');
    const errors = { ...checked.errors, ...read.errors };
    if (Object.keys(errors).length === 0) accepted.push(checked.values);
    else refused.push({ row: index + 1, errors });
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
