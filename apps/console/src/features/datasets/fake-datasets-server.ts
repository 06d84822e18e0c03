import type { DatasetField, DatasetRecord } from '@hiwar/contracts';
import { fireEvent, screen } from '@testing-library/react';
import type { FakeServer, stubServer } from '../../test/render-app.tsx';

/** Test data for the dataset screens. */
export function datasetRecord(
  id: number,
  name: string,
  schema: DatasetField[] = [],
  status = 1,
): DatasetRecord {
  return {
    ds_id: id,
    user_id: 1,
    ds_name: name,
    ds_type: 'dataset',
    ds_status: status,
    is_public: 0,
    ds_schema: schema,
    ds_tax: 0,
    ds_shipping: 0,
    ds_currency: 'EGP',
    ds_payment_method: 'cash',
    created_at: '2026-11-24T08:00:00.000Z',
    updated_at: '2026-11-24T08:00:00.000Z',
  };
}

/** A call the test answers itself; undefined leaves it to the list and the reads. */
type SpecialAnswer = (method: string, path: string, body: unknown) => ReturnType<FakeServer> | undefined;

/**
 * Special answers first; otherwise every page of the list answers `datasets` (in 3 pages), a browse answers the
 * dataset of that id, and the structure calls change it as the server would (a field added, changed, the
 * schema or name saved), so the reads that follow see the change.
 */
export function datasetsServer(datasets: DatasetRecord[], special?: SpecialAnswer): FakeServer {
  const stored = new Map(datasets.map((dataset) => [dataset.ds_id, dataset]));
  const store = (dataset: DatasetRecord) => {
    stored.set(dataset.ds_id, dataset);
    return { json: { status: 1, id: dataset.ds_id, data: dataset } };
  };
  return (method, path, body) => {
    const answer = special?.(method, path, body);
    if (answer) return answer;
    const page = /^\/dataset\/get\/public\/(\d+)$/.exec(path);
    if (method === 'POST' && page) {
      const data = [...stored.values()].map(({ ds_id, ds_name, ds_status, ds_type, is_public }) => ({
        ds_id,
        ds_name,
        ds_status,
        ds_type,
        is_public,
      }));
      return { json: { status: 1, page: Number(page[1]), pages_count: 3, data } };
    }
    const [, call, id] = /^\/dataset\/([\w-]+)\/(\d+)$/.exec(path) ?? [];
    const dataset = stored.get(Number(id));
    if (!dataset) return { status: 404, json: { status: 0, msg: 'Not found' } };
    if (call === 'browse') return { json: { status: 1, data: dataset } };
    if (call === 'add-field') {
      const { data } = body as { data: DatasetField };
      return store({ ...dataset, ds_schema: [...dataset.ds_schema, data] });
    }
    if (call === 'fields') {
      const change = body as { old_field: { name: string }; new_field: DatasetField };
      const schema = dataset.ds_schema.map((field) =>
        field.name === change.old_field.name ? change.new_field : field,
      );
      return store({ ...dataset, ds_schema: schema });
    }
    if (call === 'save') return store({ ...dataset, ...(body as Partial<DatasetRecord>) });
    return { json: { status: 1 } };
  };
}

/** The calls whose address starts with `prefix`, with the JSON body each sent. */
export function callsTo(fetchStub: ReturnType<typeof stubServer>, prefix: string) {
  return fetchStub.mock.calls
    .filter(([url]) => String(url).startsWith(prefix))
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
}

/** Opens the select labelled `label` and picks `option`. */
export async function chooseOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
