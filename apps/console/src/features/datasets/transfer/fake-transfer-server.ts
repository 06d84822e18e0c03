import {
  type DatasetField,
  datasetMessages,
  type ImportColumn,
  type ImportColumnTarget,
} from '@hiwar/contracts';
import type { FakeServer } from '../../../test/render-app.tsx';

export const transferFields: DatasetField[] = [
  { name: 'name', type: 'text', permission: 'rw' },
  { name: 'price', type: 'number', permission: 'rw' },
  { name: 'place', type: 'location', permission: 'rw' },
];

/** A column's field: the mapping's choice, else the field of its name, else lat and lng as the place's halves. */
function columnOf(column: string, mapping: Record<string, ImportColumnTarget> | undefined): ImportColumn {
  const chosen = mapping?.[column];
  if (typeof chosen === 'object') return { column, ...chosen };
  if (chosen !== undefined) return { column, field: chosen || null };
  if (column === 'lat') return { column, field: 'place', part: 'latitude' };
  if (column === 'lng') return { column, field: 'place', part: 'longitude' };
  return { column, field: transferFields.find((field) => field.name === column.toLowerCase())?.name ?? null };
}

type Row = Record<string, string>;

/** A CSV without quoting: enough for the tests' files. */
function rowsOf(content: string): { columns: string[]; rows: Row[] } {
  const [header = '', ...lines] = content.trim().split('\n');
  const columns = header.split(',').map((column) => column.trim());
  const rows = lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(columns.map((column, index) => [column, (cells[index] ?? '').trim()]));
  });
  return { columns, rows };
}

/**
 * The import calls of dataset 7 over `transferFields`, as the server plans them: a column goes into the field
 * of its name (case aside) unless `mapping` says otherwise, columns lat and lng make the place, a price that is
 * not a number refuses its row, and the import refuses the file while a row is refused unless skip_refused.
 * Every import is recorded.
 */
export function transferServer(imports: unknown[] = []): FakeServer {
  return (method, path, body) => {
    if (method === 'GET' && path === '/dataset/browse/7') {
      return { json: { status: 1, data: { ds_id: 7, ds_name: 'Menu', ds_schema: transferFields } } };
    }
    const request = body as {
      content: string;
      mapping?: Record<string, ImportColumnTarget>;
      skip_refused?: boolean;
    };
    if (path !== '/dataset/import/preview/7' && path !== '/dataset/import/7') {
      return { status: 404, json: { status: 0, msg: 'Not found' } };
    }
    const { columns, rows } = rowsOf(request.content);
    const mapped = columns.map((column) => columnOf(column, request.mapping));
    const accepted: Record<string, unknown>[] = [];
    const refused: { row: number; errors: Record<string, string[]> }[] = [];
    rows.forEach((row, index) => {
      const record: Record<string, unknown> = {};
      const halves: Record<string, number> = {};
      for (const { column, field, part } of mapped) {
        if (part) halves[part] = Number(row[column]);
        else if (field) record[field] = row[column];
      }
      if ('latitude' in halves && 'longitude' in halves) {
        record.place = { type: 'Point', coordinates: [halves.longitude, halves.latitude], address: '' };
      }
      if ('price' in record && !/^\d+$/.test(String(record.price))) {
        refused.push({ row: index + 1, errors: { price: [datasetMessages.numberInvalid] } });
      } else {
        accepted.push('price' in record ? { ...record, price: Number(record.price) } : record);
      }
    });
    if (path === '/dataset/import/preview/7') {
      const answer = { columns: mapped, rows_count: rows.length, accepted_count: accepted.length };
      return { json: { status: 1, ...answer, refused, sample: accepted.slice(0, 10) } };
    }
    imports.push(request);
    if (refused.length > 0 && !request.skip_refused) {
      const errors = Object.fromEntries(
        refused.flatMap(({ row, errors: cells }) =>
          Object.entries(cells).map(([field, messages]) => [`rows.${row}.${field}`, messages]),
        ),
      );
      return { status: 422, json: { status: 0, msg: datasetMessages.importRowsRefused, errors } };
    }
    return { json: { status: 1, imported: accepted.length } };
  };
}
