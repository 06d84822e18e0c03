import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';
import { locationRecord, mapRecord, mapsServer } from './fake-maps-server.ts';

const mall = mapRecord(4, 'City mall', 2);
const campus = mapRecord(5, 'Campus');

function callsTo(fetchStub: ReturnType<typeof stubServer>, prefix: string) {
  return fetchStub.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));
}

afterEach(() => vi.unstubAllGlobals());

describe('maps list', () => {
  it('shows title and locations count, links to the locations and the form, and pages through the query', async () => {
    setToken('t');
    const fetchStub = stubServer(mapsServer([mall, campus], []));
    const { router } = renderApp('/maps?page=2');
    const row = await screen.findByTestId('map-row-4');
    expect(within(row).getByText('City mall')).toBeDefined();
    expect(within(row).getByRole('link', { name: 'Locations of City mall' }).getAttribute('href')).toBe(
      '/locations/4',
    );
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/maps/4');
    expect(callsTo(fetchStub, '/api/maps?')).toContain('/api/maps?page=2');
    fireEvent.click(within(screen.getByTestId('maps-pages')).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(currentPath(router)).toBe('/maps?page=3'));
  });

  it('searches by keyword from the first page', async () => {
    setToken('t');
    const fetchStub = stubServer(mapsServer([mall], []));
    const { router } = renderApp('/maps?page=2');
    await screen.findByTestId('map-row-4');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' mall ' } });
    await waitFor(() => expect(callsTo(fetchStub, '/api/maps?')).toContain('/api/maps?page=1&keyword=mall'));
    expect(currentPath(router)).toBe('/maps');
  });

  it('confirms a delete with the title, deletes, and reloads the same page', async () => {
    setToken('t');
    const fetchStub = stubServer(
      mapsServer([mall, campus], [], (method, path) =>
        method === 'DELETE' && path === '/maps/4' ? { json: { status: 1 } } : undefined,
      ),
    );
    const { router } = renderApp('/maps?page=2');
    const row = await screen.findByTestId('map-row-4');
    const loadsBefore = callsTo(fetchStub, '/api/maps?').length;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Do you really need to delete City mall ?')).toBeDefined();
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(callsTo(fetchStub, '/api/maps?').length).toBeGreaterThan(loadsBefore));
    expect(callsTo(fetchStub, '/api/maps?').at(-1)).toBe('/api/maps?page=2');
    expect(fetchStub).toHaveBeenCalledWith('/api/maps/4', expect.objectContaining({ method: 'DELETE' }));
    expect(currentPath(router)).toBe('/maps?page=2');
  });

  it('shows "no data" for an empty list', async () => {
    setToken('t');
    stubServer(mapsServer([], []));
    renderApp('/maps');
    expect(await within(await screen.findByTestId('maps-table')).findByText('no data')).toBeDefined();
  });
});

describe('locations list', () => {
  it("lists a map's locations with their map and coordinates, and deletes one back on the same page", async () => {
    setToken('t');
    const door = locationRecord(7, 'Door', { _id: 4, title: 'City mall' });
    const fetchStub = stubServer(
      mapsServer([mall], [door], (method, path) =>
        method === 'DELETE' && path === '/locations/7' ? { json: { status: 1 } } : undefined,
      ),
    );
    const { router } = renderApp('/locations/4?page=2', 'ar');
    const row = await screen.findByTestId('location-row-7');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Arabic writes a minus with a left-to-right mark before it, in Western digits
    expect(cells).toEqual(expect.arrayContaining(['Door', 'City mall', '30.0444', '\u200e-31.2357', '90.5']));
    expect(within(row).getByRole('link', { name: 'تعديل' }).getAttribute('href')).toBe('/locations/4/7');
    expect(callsTo(fetchStub, '/api/locations/list/')).toContain('/api/locations/list/4?page=2');
    fireEvent.click(within(row).getByRole('button', { name: 'حذف' }));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() =>
      expect(fetchStub).toHaveBeenCalledWith(
        '/api/locations/7',
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
    await waitFor(() => expect(callsTo(fetchStub, '/api/locations/list/').length).toBeGreaterThan(1));
    expect(callsTo(fetchStub, '/api/locations/list/').at(-1)).toBe('/api/locations/list/4?page=2');
    expect(currentPath(router)).toBe('/locations/4?page=2');
  });

  it('opens a page the list shown before did not have, when the fresh answer has it', async () => {
    setToken('t');
    const door = locationRecord(7, 'Door', { _id: 4, title: 'City mall' });
    const gate = locationRecord(8, 'Gate', { _id: 4, title: 'City mall' });
    // page 1 was loaded while the map had one page; locations were added since
    stubServer(
      mapsServer([mall], [], (_method, path) => {
        if (path === '/locations/list/4?page=1')
          return { json: { status: 1, data: { current_page: 1, data: [door] }, pages_count: 1 } };
        if (path === '/locations/list/4?page=2')
          return { json: { status: 1, data: { current_page: 2, data: [gate] }, pages_count: 2 } };
        return undefined;
      }),
    );
    const { router } = renderApp('/locations/4');
    await screen.findByTestId('location-row-7');
    await router.navigate('/locations/4?page=2');
    await screen.findByTestId('location-row-8');
    expect(currentPath(router)).toBe('/locations/4?page=2');
  });

  it('goes to /404 when a map or location id in the address is not a number', async () => {
    setToken('t');
    stubServer(mapsServer([mall], []));
    for (const path of ['/maps/abc', '/locations/x', '/locations/4/new']) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(currentPath(router)).toBe('/404'));
      unmount();
    }
  });
});
