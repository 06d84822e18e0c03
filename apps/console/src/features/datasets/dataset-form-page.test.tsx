import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';
import { callsTo, chooseOption, datasetRecord, datasetsServer } from './fake-datasets-server.ts';

const cityField = { name: 'city', type: 'text', permission: 'rw' } as const;

const savesOf = (fetchStub: ReturnType<typeof stubServer>) => callsTo(fetchStub, '/api/dataset/save/');

afterEach(() => vi.unstubAllGlobals());

describe('dataset form', () => {
  it('creates a dataset with the fields given before the first save, then opens its structure', async () => {
    setToken('t');
    const created = datasetRecord(9, 'Cities', [cityField]);
    const fetchStub = stubServer(
      datasetsServer([created], (method, path) =>
        method === 'POST' && path === '/dataset/save/0'
          ? { json: { status: 1, id: 9, data: created } }
          : undefined,
      ),
    );
    const { router } = renderApp('/dataset/0');
    await waitFor(() => expect(currentPath(router)).toBe('/dataset/0/structure'));
    expect(screen.getByRole('tab', { name: 'Data' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(await screen.findByLabelText('Field name'), { target: { value: 'city' } });
    await chooseOption('Type', 'Text');
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByTestId('field-row-city')).toBeDefined();
    expect(savesOf(fetchStub)).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: ' Cities ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe('/dataset/9/structure'));
    expect(savesOf(fetchStub)).toEqual([
      {
        url: '/api/dataset/save/0',
        body: { ds_name: 'Cities', ds_type: 'dataset', ds_status: 1, ds_schema: [cityField] },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Cities' })).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Data' }).hasAttribute('disabled')).toBe(false);
  });

  it('asks for the name before saving', async () => {
    setToken('t');
    const fetchStub = stubServer(datasetsServer([]));
    renderApp('/dataset/0/structure');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The dataset name is required')).toBeDefined();
    expect(savesOf(fetchStub)).toEqual([]);
  });

  it("opens an existing dataset's structure with its name and status, saves them, and opens the data tab", async () => {
    setToken('t');
    const fetchStub = stubServer(datasetsServer([datasetRecord(4, 'Products', [cityField], 0)]));
    const { router } = renderApp('/dataset/4');
    await waitFor(() => expect(currentPath(router)).toBe('/dataset/4/structure'));
    const name = (await screen.findByDisplayValue('Products')) as HTMLInputElement;
    const crumbs = screen.getByTestId('breadcrumbs');
    expect(await within(crumbs).findByText('Products')).toBeDefined();
    expect(await within(crumbs).findByText('Structure')).toBeDefined();
    const status = screen.getByRole('switch', { name: 'Active' }) as HTMLInputElement;
    expect(status.checked).toBe(false);
    fireEvent.change(name, { target: { value: 'Goods' } });
    fireEvent.click(status);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('successfully updated')).toBeDefined();
    // the schema is the structure tab's to change: the name form leaves it out
    expect(savesOf(fetchStub)).toEqual([
      { url: '/api/dataset/save/4', body: { ds_name: 'Goods', ds_type: 'dataset', ds_status: 1 } },
    ]);
    expect(currentPath(router)).toBe('/dataset/4/structure');

    fireEvent.click(screen.getByRole('tab', { name: 'Data' }));
    await waitFor(() => expect(currentPath(router)).toBe('/dataset/4/data'));
    expect(
      within(screen.getByRole('tablist')).getByRole('tab', { name: 'Data' }).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('goes to /404 when the dataset does not exist', async () => {
    setToken('t');
    stubServer(datasetsServer([]));
    const { router } = renderApp('/dataset/77/structure');
    await waitFor(() => expect(currentPath(router)).toBe('/404'));
  });
});
