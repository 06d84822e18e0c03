import { type CommandResponseRecord, normalizeResponseBody, type ResponseBody } from '@hiwar/contracts';
import { authoringServer, commandRecord, serviceRecord } from '../../test/fake-authoring-server.ts';
import type { FakeServer, stubServer } from '../../test/render-app.tsx';

export const UPLOADED_URL = '/api/uploads/card.png';
export const SERVICE_ID = 3;
export const COMMAND_ID = 7;

/** A stored record as the server may hold it: any of the fields, old or partial (normalised on read). */
export type StoredBody = Partial<Record<keyof ResponseBody, unknown>>;

/** The stored record: null answers the defaults with no resp_id (a command without a response yet). */
export function storedResponse(body: StoredBody | null): CommandResponseRecord {
  return {
    ...normalizeResponseBody(body ?? {}),
    resp_id: body === null ? null : 1,
    resp_command_id: COMMAND_ID,
    created_at: null,
    updated_at: null,
  };
}

/**
 * A server with service 3, command 7 (in `lang`, with the variable city) and its response: get, save, the type picker's call, the
 * pickers' lists (a dataset and a menu; no components: 404) and the static-cards upload.
 */
/** What the Map tab's place search finds, whatever the text. */
export const FOUND_PLACES = [
  { id: 'google:tower', title: 'Cairo Tower', address: 'Zamalek, Cairo', lat: 30.0459751, lng: 31.2242988 },
];

export function responseServer(body: StoredBody | null, lang = 'en'): FakeServer {
  let record = storedResponse(body);
  const special: FakeServer = (method, path, request) => {
    if (path === `/command_response/get/${COMMAND_ID}`) return { json: { status: 1, data: record } };
    if (method === 'POST' && path === `/command_response/save/${COMMAND_ID}`)
      return { json: { status: 1, msg: 'successfully updated' } };
    if (method === 'POST' && path === `/command-response/${COMMAND_ID}/types`) {
      const { resp_type, ...ids } = request as { resp_type: string };
      const stored = resp_type === 'dataset' ? 'ds' : resp_type === 'datasource' ? 'data_source' : resp_type;
      record = storedResponse({ ...record, ...ids, resp_type: stored });
      return { json: { status: 1, commandResponse: record } };
    }
    if (path === '/dataset/get_list?type=dataset,menu')
      return {
        json: {
          status: 1,
          private: [
            { ds_id: 4, ds_name: 'Branches', ds_type: 'dataset', ds_schema: [] },
            { ds_id: 5, ds_name: 'Pizzas', ds_type: 'menu', ds_schema: [] },
          ],
          public: [],
        },
      };
    if (path === `/command_var/get_all/${COMMAND_ID}`)
      return { json: { status: 1, data: [{ var_id: 9, var_name: 'city' }] } };
    if (path === '/data_sources?all') return { json: { status: 1, data: [] } };
    if (method === 'POST' && path === '/upload-image/static-cards')
      return { json: { status: 1, data: { url: UPLOADED_URL } } };
    if (method === 'POST' && path === '/google/places')
      return { json: { status: 1, data: { source: 'google', places: FOUND_PLACES } } };
    if (method === 'POST' && path === '/subscription/get/1')
      return {
        json: {
          status: 1,
          page: 1,
          pages_count: 1,
          data: [
            {
              sc_id: 6,
              sc_title: 'News',
              sc_desc: '',
              sc_command_id: null,
              sc_command_name: null,
              sc_command_service_id: null,
              sc_sibscripers_count: 0,
              white_domains: [],
            },
          ],
        },
      };
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  };
  return authoringServer(
    [serviceRecord(SERVICE_ID, 'Pizza')],
    [commandRecord(COMMAND_ID, 'Greeting', { command_lang: lang })],
    special,
  );
}

type FetchStub = ReturnType<typeof stubServer>;

/** The bodies the page sent to `path` (POST), oldest first. */
export function sentTo(fetchStub: FetchStub, path: string): unknown[] {
  return fetchStub.mock.calls
    .filter(([url, init]) => url === `/api${path}` && init?.method === 'POST')
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body));
}

/** The records the page saved, oldest first. */
export function savedRecords(fetchStub: FetchStub): CommandResponseRecord[] {
  return sentTo(fetchStub, `/command_response/save/${COMMAND_ID}`).map(
    (body) => (body as { record: CommandResponseRecord }).record,
  );
}
