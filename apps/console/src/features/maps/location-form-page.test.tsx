import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';
import { locationRecord, mapRecord, mapsServer } from './fake-maps-server.ts';

const mall = mapRecord(4, 'City mall');
const campus = mapRecord(5, 'Campus');

function savedBodies(fetchStub: ReturnType<typeof stubServer>) {
  return fetchStub.mock.calls
    .filter(([url, init]) => String(url).startsWith('/api/locations/') && init?.method === 'POST')
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)), { target: { value } });
}

afterEach(() => vi.unstubAllGlobals());

describe('location form', () => {
  it('has no map selector under a map, saves decimals on that map, then opens the saved location', async () => {
    setToken('t');
    const fetchStub = stubServer(
      mapsServer([mall, campus], [], (method, path) =>
        method === 'POST' && path === '/locations/0' ? { json: { status: 1, data: { _id: 9 } } } : undefined,
      ),
    );
    const { router } = renderApp('/locations/4/0');
    await screen.findByText('New location');
    expect(screen.queryByTestId('location-map')).toBeNull();
    fill('Title', ' Door ');
    fill('X', '30.0444');
    fill('Y', '-31.5');
    fill('Yaw', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe('/locations/4/9'));
    expect(savedBodies(fetchStub)).toEqual([
      ['/api/locations/0', { title: 'Door', x: '30.0444', y: '-31.5', yaw: '0', map_id: 4 }],
    ]);
    expect(fetchStub.mock.calls.map(([url]) => String(url))).not.toContain('/api/maps/list/all');
  });

  it('shows the map selector under map 0 and says which fields are missing or not decimals, sending nothing', async () => {
    setToken('t');
    const fetchStub = stubServer(mapsServer([mall, campus], []));
    renderApp('/locations/0/0');
    expect(await screen.findByTestId('location-map')).toBeDefined();
    fill('X', '1e3');
    fill('Y', '12.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The title field is required')).toBeDefined();
    expect(screen.getByText('The map field is required')).toBeDefined();
    expect(screen.getAllByText('The value must be a decimal number')).toHaveLength(2);
    expect(screen.getByText('The yaw field is required')).toBeDefined();
    expect(savedBodies(fetchStub)).toEqual([]);
  });

  it('shows the messages in Arabic', async () => {
    setToken('t');
    stubServer(mapsServer([mall], []));
    renderApp('/locations/4/0', 'ar');
    await screen.findByText('موقع جديد');
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('حقل العنوان مطلوب')).toBeDefined();
    expect(screen.getByText('حقل X مطلوب')).toBeDefined();
  });

  it('loads a saved location under map 0, picks another map in the selector and saves it there', async () => {
    setToken('t');
    const door = locationRecord(7, 'Door', { _id: 4, title: 'City mall' });
    const fetchStub = stubServer(
      mapsServer([mall, campus], [door], (method, path) =>
        method === 'POST' && path === '/locations/7' ? { json: { status: 1, data: { _id: 7 } } } : undefined,
      ),
    );
    renderApp('/locations/0/7');
    await screen.findByDisplayValue('Door');
    expect(screen.getByDisplayValue('30.0444')).toBeDefined();
    expect(screen.getByDisplayValue('-31.2357')).toBeDefined();
    const selector = await screen.findByTestId('location-map');
    await waitFor(() => expect((selector as HTMLInputElement).value).toBe('City mall'));
    fireEvent.click(selector);
    fireEvent.click(await screen.findByRole('option', { name: 'Campus' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(savedBodies(fetchStub)).toEqual([
        ['/api/locations/7', { title: 'Door', x: '30.0444', y: '-31.2357', yaw: '90.5', map_id: '5' }],
      ]),
    );
  });

  it("shows the server's refusal of the map under the selector", async () => {
    setToken('t');
    stubServer(
      mapsServer([mall], [], (method, path) =>
        method === 'POST' && path === '/locations/0'
          ? {
              status: 422,
              json: {
                status: 0,
                msg: 'The given data was invalid.',
                errors: { map_id: ['The selected map is invalid'] },
              },
            }
          : undefined,
      ),
    );
    renderApp('/locations/0/0');
    const selector = await screen.findByTestId('location-map');
    fireEvent.click(selector);
    fireEvent.click(await screen.findByRole('option', { name: 'City mall' }));
    fill('Title', 'Door');
    fill('X', '1');
    fill('Y', '2');
    fill('Yaw', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The selected map is invalid')).toBeDefined();
  });
});

describe('map form', () => {
  it('requires a title, creates the map and moves to its edit page', async () => {
    setToken('t');
    const fetchStub = stubServer(
      mapsServer([], [], (method, path) =>
        method === 'POST' && path === '/maps/0' ? { json: { status: 1, data: { _id: 12 } } } : undefined,
      ),
    );
    const { router } = renderApp('/maps/0');
    await screen.findByText('New map');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The title field is required')).toBeDefined();
    fill('Title', 'Airport');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe('/maps/12'));
    const posts = fetchStub.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url, init]) => [String(url), JSON.parse(String(init?.body))])).toEqual([
      ['/api/maps/0', { title: 'Airport' }],
    ]);
  });
});
