import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { authoringServer, serviceRecord } from '../../test/fake-authoring-server.ts';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';

const pizza = serviceRecord(4, 'Pizza', { service_description: 'Orders and menus' });
const weather = serviceRecord(5, 'Weather');

function listCalls(fetchStub: ReturnType<typeof stubServer>) {
  return fetchStub.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/service?'));
}

async function openServicesTable() {
  const table = await screen.findByTestId('services-table');
  await within(table).findByText('Pizza');
  return table;
}

afterEach(() => vi.unstubAllGlobals());

describe('services list', () => {
  it('asks for the page in the query and moves through the numbered page bar', async () => {
    setToken('t');
    const fetchStub = stubServer(authoringServer([pizza, weather], []));
    const { router } = renderApp('/services?page=2');
    await openServicesTable();
    expect(listCalls(fetchStub)).toContain('/api/service?page=2');
    fireEvent.click(within(screen.getByTestId('services-pages')).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(currentPath(router)).toBe('/services?page=3'));
    await waitFor(() => expect(listCalls(fetchStub)).toContain('/api/service?page=3'));
  });

  it('confirms a delete with the name, then reloads the same page', async () => {
    setToken('t');
    const fetchStub = stubServer(
      authoringServer([pizza, weather], [], (method, path) =>
        method === 'POST' && path === '/service/delete/4'
          ? { json: { status: 1, msg: 'Successfully deleted' } }
          : { status: 404, json: {} },
      ),
    );
    renderApp('/services?page=2');
    const table = await openServicesTable();
    const loadsBefore = listCalls(fetchStub).length;
    fireEvent.click(
      within(within(table).getByTestId('service-row-4')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Do you really need to delete Pizza ?')).toBeDefined();
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(listCalls(fetchStub).length).toBeGreaterThan(loadsBefore));
    expect(listCalls(fetchStub).at(-1)).toBe('/api/service?page=2');
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/service/delete/4',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('shows the server message as an error toast when a delete fails', async () => {
    setToken('t');
    stubServer(
      authoringServer([pizza], [], (method, path) =>
        method === 'POST' && path === '/service/delete/4'
          ? { status: 422, json: { status: 0, msg: 'The service is still in use' } }
          : { status: 404, json: {} },
      ),
    );
    renderApp('/services');
    const table = await openServicesTable();
    fireEvent.click(within(table).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByText('The service is still in use')).toBeDefined();
  });

  it('shows "already been taken" under the name when the server refuses a new service', async () => {
    setToken('t');
    const fetchStub = stubServer(
      authoringServer([pizza], [], (method, path) =>
        method === 'POST' && path === '/service/save'
          ? {
              status: 422,
              json: {
                status: 0,
                msg: 'The given data was invalid.',
                errors: { service_name: ['The service name has already been taken'] },
              },
            }
          : { status: 404, json: {} },
      ),
    );
    renderApp('/services');
    await openServicesTable();
    fireEvent.click(screen.getByRole('button', { name: 'Add service' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The service name field is required')).toBeDefined();
    expect(fetchStub.mock.calls.some(([url]) => url === '/api/service/save')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Service name/), { target: { value: 'Pizza' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The service name has already been taken')).toBeDefined();
    const body = JSON.parse(String(fetchStub.mock.calls.at(-1)?.[1]?.body));
    expect(body).toEqual({ service_name: 'Pizza', service_description: '', service_status: 1, is_public: 0 });
  });

  it('says "no data" when there is no service, and redirects a service path to its commands', async () => {
    setToken('t');
    stubServer(authoringServer([], []));
    const { router } = renderApp('/services');
    const table = await screen.findByTestId('services-table');
    expect(await within(table).findByText('no data')).toBeDefined();
    await router.navigate('/services/4');
    await waitFor(() => expect(currentPath(router)).toBe('/services/4/commands'));
  });
});
