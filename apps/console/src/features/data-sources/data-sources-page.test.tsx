import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderApp, stubServer } from '../../test/render-app.tsx';

function record(id: number, name: string, deletedAt: string | null = null) {
  return {
    data_source_id: id,
    deleted_at: deletedAt,
    entity: {
      name,
      driver: 'POSTGRE_SQL',
      dbname: `${name.toLowerCase()}_db`,
      host: 'db.example.com',
      username: 'reader',
      port: 5432,
      sid: '',
      has_password: false,
    },
    created_at: '2026-11-24T08:00:00.000Z',
    updated_at: '2026-11-24T08:00:00.000Z',
  };
}

function listServer(rows: ReturnType<typeof record>[]) {
  return (method: string, path: string) => {
    if (method === 'GET' && path.startsWith('/data_sources?')) {
      const data = { data: rows, current_page: 1, last_page: 1, total: rows.length, per_page: 10 };
      return { json: { status: 1, data } };
    }
    if (method === 'PATCH' || method === 'DELETE')
      return { json: { status: 1, msg: 'successfully updated' } };
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  };
}

const callsOf = (fetchStub: ReturnType<typeof stubServer>, method: string) =>
  fetchStub.mock.calls.filter(([, init]) => init?.method === method).map(([url]) => String(url));

afterEach(() => vi.unstubAllGlobals());

describe('data sources list', () => {
  it('lists name, driver, host and database, with the search and page in the request', async () => {
    setToken('t');
    const fetchStub = stubServer(
      listServer([record(3, 'CRM'), record(4, 'Shop', '2026-11-24T09:00:00.000Z')]),
    );
    renderApp('/datasources?page=1');
    const row = await screen.findByTestId('data-source-row-3');
    expect(within(row).getByText('PostgreSQL')).toBeDefined();
    expect(within(row).getByText('crm_db')).toBeDefined();
    expect((within(row).getByRole('switch') as HTMLInputElement).checked).toBe(true);
    const off = screen.getByTestId('data-source-row-4');
    expect((within(off).getByRole('switch') as HTMLInputElement).checked).toBe(false);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'crm' } });
    await waitFor(() =>
      expect(fetchStub.mock.calls.map(([url]) => String(url))).toContain(
        '/api/data_sources?search=crm&page=1',
      ),
    );
  });

  it('switches a data source off with the status call and deletes after the confirmation', async () => {
    setToken('t');
    const fetchStub = stubServer(listServer([record(3, 'CRM')]));
    renderApp('/datasources');
    const row = await screen.findByTestId('data-source-row-3');
    fireEvent.click(within(row).getByRole('switch'));
    await waitFor(() => expect(callsOf(fetchStub, 'PATCH')).toEqual(['/api/data_sources/change_status/3']));

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Do you really need to delete CRM ?')).toBeDefined();
    expect(callsOf(fetchStub, 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(callsOf(fetchStub, 'DELETE')).toEqual(['/api/data_sources/3']));
  });

  it("shows 'no data' for an empty list", async () => {
    setToken('t');
    stubServer(listServer([]));
    renderApp('/datasources');
    const table = await screen.findByTestId('data-sources-table');
    expect(await within(table).findByText('no data')).toBeDefined();
  });
});
