import type { VariableRecord } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderAt, stubServer } from '../../test/render-app.tsx';
import { VariablesTab } from './variables-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

function variable(id: number, name: string, status = 1): Partial<VariableRecord> {
  return { var_id: id, var_name: name, var_status: status };
}

const listPath = '/services/2/commands/3/variables';

describe('variables list', () => {
  it('lists the page of variables with links to edit and to a new variable', async () => {
    setToken('t');
    const fetchStub = stubServer(() => ({
      json: { status: 1, page: 2, pages_count: 3, data: [variable(7, 'city'), variable(8, 'date', 0)] },
    }));
    renderAt(<VariablesTab serviceId={2} commandId={3} />, `${listPath}?page=2`);
    const table = await screen.findByTestId('variables-table');
    await within(table).findByText('city');
    expect(within(table).getByRole('link', { name: 'city' }).getAttribute('href')).toBe(`${listPath}/7`);
    expect(screen.getByRole('link', { name: 'New variable' }).getAttribute('href')).toBe(`${listPath}/0`);
    expect((within(table).getByRole('switch', { name: 'Status of date' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/api/command_var/get/3/2');
    expect(screen.getByRole('button', { name: '3' })).toBeDefined();
  });

  it('shows "no data" when a fetch fails', async () => {
    setToken('t');
    stubServer(() => ({ status: 500, json: { status: 0, msg: 'Server error' } }));
    renderAt(<VariablesTab serviceId={2} commandId={3} />, listPath);
    expect(await screen.findByText('no data')).toBeDefined();
  });

  it('toggles the status between 1 and 0 from the list', async () => {
    setToken('t');
    const fetchStub = stubServer(() => ({
      json: { status: 1, page: 1, pages_count: 1, data: [variable(7, 'city')] },
    }));
    renderAt(<VariablesTab serviceId={2} commandId={3} />, listPath);
    fireEvent.click(await screen.findByRole('switch', { name: 'Status of city' }));
    await waitFor(() =>
      expect(fetchStub).toHaveBeenCalledWith('/api/command_var/set_status/7', expect.anything()),
    );
    const call = fetchStub.mock.calls.find(([url]) => url === '/api/command_var/set_status/7');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ status: 0 });
  });

  it('deletes after confirmation and reloads the same page', async () => {
    setToken('t');
    let isDeleted = false;
    const fetchStub = stubServer((_method, path) => {
      if (path === '/command_var/delete/7') {
        isDeleted = true;
        return { json: { status: 1 } };
      }
      const rows = isDeleted ? [variable(8, 'date')] : [variable(7, 'city'), variable(8, 'date')];
      return { json: { status: 1, page: 2, pages_count: 2, data: rows } };
    });
    renderAt(<VariablesTab serviceId={2} commandId={3} />, `${listPath}?page=2`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete city' }));
    expect(await screen.findByText('Do you really need to delete city ?')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'city' })).toBeNull());
    const listCalls = fetchStub.mock.calls.filter(([url]) => String(url).startsWith('/api/command_var/get/'));
    expect(listCalls.map(([url]) => url)).toEqual(['/api/command_var/get/3/2', '/api/command_var/get/3/2']);
  });
});
