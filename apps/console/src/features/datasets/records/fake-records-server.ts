import type { DatasetDataRow, DatasetField } from '@hiwar/contracts';
import type { FakeServer } from '../../../test/render-app.tsx';

/** Test data for the records grid: a record of dataset 7 with the given values. */
export function recordRow(id: number, values: Record<string, unknown>): DatasetDataRow {
  return { _id: id, ds_id: 7, __user_id: 1, __sender_id: '', __status: 1, ...values };
}

export const UPLOADED_URL = '/api/uploads/abc123.png';

/** A call the test answers itself; undefined leaves it to the fake dataset. */
type SpecialAnswer = (method: string, path: string, body: unknown) => ReturnType<FakeServer> | undefined;

const PAGE_SIZE = 10;

/**
 * A dataset's records calls over an in-memory list: get-with-keys pages (10), keywords (any value contains
 * them) and field filters (=, !=, >=, <=, LIKE as contains), insert, update and deletes change the list, browse answers the dataset (named Branches), the
 * dataset upload answers UPLOADED_URL.
 */
function holds(value: unknown, filter: { rel: string; value: string }): boolean {
  const text = String(value ?? '');
  if (filter.rel === '=') return text === filter.value;
  if (filter.rel === '!=') return text !== filter.value;
  if (filter.rel === '>=') return Number(value) >= Number(filter.value);
  if (filter.rel === '<=') return Number(value) <= Number(filter.value);
  return text.toLowerCase().includes(filter.value.toLowerCase());
}

export function recordsServer(
  schema: DatasetField[],
  records: DatasetDataRow[],
  special?: SpecialAnswer,
): FakeServer {
  const rows = [...records];
  let nextId = Math.max(0, ...rows.map((row) => row._id)) + 1;
  return (method, path, body) => {
    const answer = special?.(method, path, body);
    if (answer) return answer;
    const request = (body ?? {}) as Record<string, unknown>;
    if (path === '/dataset/get-with-keys') {
      const keywords = String(request.keywords ?? '').toLowerCase();
      const filters = (request.filters ?? []) as { field: string; rel: string; value: string }[];
      const found = rows.filter(
        (row) =>
          schema.some((field) =>
            JSON.stringify(row[field.name] ?? '')
              .toLowerCase()
              .includes(keywords),
          ) && filters.every((filter) => holds(row[filter.field], filter)),
      );
      const page = Number(request.page ?? 1);
      const data = found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      const pagesCount = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
      return {
        json: { status: 1, page, pages_count: pagesCount, total: found.length, ds_schema: schema, data },
      };
    }
    if (path === '/dataset/insert_data') {
      const row = recordRow(nextId++, request.record as Record<string, unknown>);
      rows.push(row);
      return { json: { status: 1, data: row } };
    }
    if (path === '/dataset/update-dataset/') {
      const { _id, ...values } = request.data as { _id: number };
      const index = rows.findIndex((row) => row._id === _id);
      rows[index] = { ...(rows[index] as DatasetDataRow), ...values };
      return { json: { status: 1, data: rows[index] } };
    }
    if (path === '/dataset/delete_data' || path === '/dataset/multiple-delete-data') {
      const ids = path === '/dataset/delete_data' ? [request._id] : (request.ids as number[]);
      const before = rows.length;
      for (const id of ids)
        rows.splice(
          rows.findIndex((row) => row._id === id),
          1,
        );
      return { json: { status: 1, deleted: before - rows.length } };
    }
    if (method === 'GET' && path === '/dataset/browse/7')
      return { json: { status: 1, data: { ds_id: 7, ds_name: 'Branches', ds_schema: schema } } };
    if (method === 'POST' && path === '/upload-image/dataset')
      return { json: { status: 1, data: { url: UPLOADED_URL } } };
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  };
}
