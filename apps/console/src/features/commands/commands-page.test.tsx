import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { authoringServer, commandRecord, serviceRecord } from '../../test/fake-authoring-server.ts';
import { renderApp, stubServer } from '../../test/render-app.tsx';

const pizza = serviceRecord(3, 'Pizza');
const greeting = commandRecord(7, 'Greeting');
const order = commandRecord(8, 'Order a pizza', { command_status: 0 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function requestsTo(fetchStub: ReturnType<typeof stubServer>, url: string) {
  return fetchStub.mock.calls.filter(([calledUrl]) => calledUrl === url).map(([, init]) => init);
}

describe('commands of a service', () => {
  it('lists the commands and toggles a status straight from the list', async () => {
    setToken('t');
    const fetchStub = stubServer(
      authoringServer([pizza], [greeting, order], (method, path) =>
        method === 'POST' && path === '/command/set_status/8'
          ? { json: { status: 1 } }
          : { status: 404, json: {} },
      ),
    );
    renderApp('/services/3/commands');
    const table = await screen.findByTestId('commands-table');
    const row = await within(table).findByTestId('command-row-8');
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/services/3/commands/8',
    );
    fireEvent.click(within(row).getByRole('switch', { name: 'Status of Order a pizza' }));
    await waitFor(() => expect(requestsTo(fetchStub, '/api/command/set_status/8')).toHaveLength(1));
    expect(requestsTo(fetchStub, '/api/command/set_status/8')[0]?.body).toBe('{"status":1}');
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/command/get/3/1',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('downloads the examples file with the bearer token and saves it from a blob', async () => {
    setToken('secret-token');
    const fetchStub = stubServer(authoringServer([pizza], [greeting]));
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:examples');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/services/3/commands');
    fireEvent.click(await screen.findByRole('button', { name: 'Download examples' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [init] = requestsTo(fetchStub, '/api/service/3/examples?type=file');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer secret-token');
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe(JSON.stringify({ status: 1, data: [] }));
  });

  it('lists the service’s messages marked "not for this bot", each in its direction, and removes one', async () => {
    setToken('t');
    let negatives = [
      { id: 4, service_id: 3, text: 'do you sell shoes', lang: 'en', created_at: '2026-11-29T09:00:00.000Z' },
      { id: 5, service_id: 3, text: 'هل تبيعون الأحذية', lang: 'ar', created_at: '2026-11-29T09:01:00.000Z' },
    ];
    const fetchStub = stubServer(
      authoringServer([pizza], [greeting], (method, path) => {
        if (method === 'GET' && path === '/service/3/negative_examples')
          return { json: { status: 1, data: negatives } };
        if (method === 'DELETE' && path === '/negative_example/4') {
          negatives = negatives.filter((negative) => negative.id !== 4);
          return { json: { status: 1 } };
        }
        return { status: 404, json: {} };
      }),
    );
    renderApp('/services/3/commands');
    const list = await screen.findByTestId('negative-examples');
    const rows = await within(list).findAllByTestId('negative-example');
    expect(rows.map((row) => [row.textContent, row.getAttribute('dir')])).toEqual([
      ['endo you sell shoes', 'ltr'],
      ['arهل تبيعون الأحذية', 'rtl'],
    ]);
    fireEvent.click(within(list).getByRole('button', { name: 'Remove “do you sell shoes”' }));
    expect(await screen.findByText('The negative example was removed')).toBeDefined();
    await waitFor(() => expect(within(list).getAllByTestId('negative-example')).toHaveLength(1));
    expect(requestsTo(fetchStub, '/api/negative_example/4')).toHaveLength(1);
  });

  it('says "server error" when cloning a command fails', async () => {
    setToken('t');
    stubServer(
      authoringServer([pizza], [greeting], (method, path) =>
        method === 'POST' && path === '/command/clone/3/7'
          ? { status: 500, json: { status: 0, msg: 'boom' } }
          : { status: 404, json: {} },
      ),
    );
    renderApp('/services/3/commands');
    const card = await screen.findByRole('region', { name: 'Clone a command into this service' });
    fireEvent.click(within(card).getByPlaceholderText('Choose a command'));
    fireEvent.click(await within(card).findByRole('option', { name: 'Greeting' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Clone' }));
    expect(await screen.findByText('server error')).toBeDefined();
  });
});
