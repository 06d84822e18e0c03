import type { DatasetRecord } from '@hiwar/contracts';
import { toCsv } from './csv.ts';
import { textsOf } from './field-values.ts';

/** A value as a CSV cell: numbers as they are, lists comma-separated, locations as their JSON (read back so). */
function cellOf(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return textsOf(value).join(', ');
  if (typeof value === 'object') {
    // keys in the GeoJSON order whatever the database kept (PostgreSQL's jsonb reorders them)
    const { type, coordinates, address } = value as Record<string, unknown>;
    return JSON.stringify({ type, coordinates, address });
  }
  return String(value);
}

/** The records as a file: a CSV with a header row of the field names, or a JSON list of objects. */
export function exportFileOf(
  dataset: DatasetRecord,
  records: Record<string, unknown>[],
  format: 'csv' | 'json',
): { body: string; contentType: string } {
  const names = dataset.ds_schema.map((field) => field.name);
  if (format === 'json') {
    const objects = records.map((data) =>
      Object.fromEntries(names.map((name) => [name, data[name] ?? null])),
    );
    return { body: JSON.stringify(objects, null, 2), contentType: 'application/json; charset=utf-8' };
  }
  const rows = records.map((data) => names.map((name) => cellOf(data[name])));
  // the BOM makes spreadsheets read the file as UTF-8 (Arabic text would show garbled otherwise)
  return { body: `\uFEFF${toCsv([names, ...rows])}`, contentType: 'text/csv; charset=utf-8' };
}

/** `Content-Disposition` for the download, named after the dataset; non-ASCII names travel in filename*. */
export function exportFileHeader(datasetName: string, format: 'csv' | 'json'): string {
  const base = datasetName.trim() || 'dataset';
  const asciiName = base.replace(/[^\w .-]+/g, '_');
  return `attachment; filename="${asciiName}.${format}"; filename*=UTF-8''${encodeURIComponent(`${base}.${format}`)}`;
}
