import type { NotificationProgress, SubscriptionRow } from '@hiwar/contracts';
import { vi } from 'vitest';
import { FakeNotificationStream } from '../../test/fake-event-stream.ts';
import { type FakeServer, stubServer } from '../../test/render-app.tsx';
import type { SubscriptionBrowse } from './subscriptions-api.ts';

/** Test data for the subscriptions screens. */
export function channelRow(
  id: number,
  title: string,
  overrides: Partial<SubscriptionRow> = {},
): SubscriptionRow {
  return {
    sc_id: id,
    sc_title: title,
    sc_desc: '',
    sc_command_id: 9,
    sc_command_name: 'Subscribe me',
    sc_command_service_id: 2,
    sc_sibscripers_count: 1250,
    white_domains: [],
    ...overrides,
  };
}

export function channelBrowse(
  row: SubscriptionRow,
  overrides: Partial<SubscriptionBrowse> = {},
): SubscriptionBrowse {
  return {
    data: {
      ...row,
      api_key: 'key-123',
      variables: [
        { sv_variable_name: 'city', vals: ['Cairo', 'Giza'] },
        { sv_variable_name: 'size', vals: ['big'] },
      ],
      whatsapp_template: null,
    },
    vars: [
      { var_id: 1, var_name: 'city' },
      { var_id: 2, var_name: 'size' },
    ],
    notifications_pending: [],
    failures: [],
    ...overrides,
  };
}

export function progressOf(overrides: Partial<NotificationProgress>): NotificationProgress {
  return {
    notification_id: 50,
    channel_id: 4,
    status: 'sending',
    total: 10,
    sent: 0,
    failed: 0,
    skipped: 0,
    pending: 10,
    type: 'text',
    title: 'Hello',
    source: 'console',
    created_at: '2025-05-01T10:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

/** A call the test answers itself; undefined leaves it to the fake. */
type SpecialAnswer = (method: string, path: string, body: unknown) => ReturnType<FakeServer> | undefined;

/**
 * The subscription calls on `channels` (browse answers `browse` of a known id, 404 otherwise): the list (2
 * pages), save (0 creates 12), delete, regenerate, count (3 subscribers: web 2, Messenger 1), send
 * (notification 50) and the commands list.
 */
export function subscriptionsServer(
  channels: SubscriptionRow[],
  browse: (row: SubscriptionRow) => SubscriptionBrowse = (row) => channelBrowse(row),
  special?: SpecialAnswer,
): FakeServer {
  return (method, path, body) => {
    const answer = special?.(method, path, body);
    if (answer) return answer;
    const page = /^\/subscription\/get\/(\d+)$/.exec(path);
    if (page) return { json: { status: 1, page: Number(page[1]), pages_count: 2, data: channels } };
    const browsed = /^\/subscription\/browse\/(\d+)/.exec(path);
    const row = channels.find((channel) => channel.sc_id === Number(browsed?.[1]));
    if (row) return { json: { status: 1, ...browse(row) } };
    const saved = /^\/subscription\/save\/(\d+)$/.exec(path);
    if (saved) return { json: { status: 1, id: Number(saved[1]) || 12 } };
    if (path.startsWith('/subscription/delete/')) return { json: { status: 1 } };
    if (path.startsWith('/subscription/regenerate_key/'))
      return { json: { status: 1, data: { api_key: 'key-456' } } };
    if (path === '/subscription/count_subscribers')
      return { json: { status: 1, count: 3, per_circle: { web: 2, sub_facebook: 1, whats: 0 } } };
    if (path === '/subscription/send_to_subscribers')
      return { json: { status: 1, count: 3, notification_id: 50 } };
    if (path === '/command/get_all')
      return {
        json: { status: 1, data: [{ command_id: 9, command_name: 'Subscribe me', service_name: 'News' }] },
      };
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  };
}

/** Stubs `fetch`: the stream path answers from a `FakeNotificationStream`, every other call from `server`. */
export function stubSubscriptionsFetch(server: FakeServer) {
  const stream = new FakeNotificationStream();
  const answerJson = stubServer(server);
  const fetchStub = vi.fn(async (url: string, init?: RequestInit) =>
    url.includes('/stream_fetch/subscription/') ? stream.open(init?.signal) : answerJson(url, init),
  );
  vi.stubGlobal('fetch', fetchStub);
  return { fetchStub, stream };
}

/** The bodies the page posted to `path`, oldest first. */
export function postedTo(
  fetchStub: ReturnType<typeof stubSubscriptionsFetch>['fetchStub'],
  path: string,
): unknown[] {
  return fetchStub.mock.calls
    .filter(([url, init]) => url === `/api${path}` && init?.method === 'POST')
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body));
}
