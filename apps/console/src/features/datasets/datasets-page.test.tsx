import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';
import { callsTo, datasetRecord, datasetsServer } from './fake-datasets-server.ts';

const products = datasetRecord(3, 'Products');
const branches = datasetRecord(4, 'Branches', [], 0);

/** The list calls made: the page in the path and the body sent. */
const listCalls = (fetchStub: ReturnType<typeof stubServer>) =>
  callsTo(fetchStub, '/api/dataset/get/public/');

/** The bodies sent to one path. */
const postsTo = (fetchStub: ReturnType<typeof stubServer>, path: string) =>
  callsTo(fetchStub, path)
    .filter((call) => call.url === path)
    .map((call) => call.body ?? {});

afterEach(() => vi.unstubAllGlobals());

describe('datasets list', () => {
  it('shows name, status and edit links, reads the page from the address and pages through it', async () => {
    setToken('t');
    const fetchStub = stubServer(datasetsServer([products, branches]));
    const { router } = renderApp('/dataset?page=2');
    const row = await screen.findByTestId('dataset-row-3');
    expect(within(row).getByText('Products')).toBeDefined();
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/dataset/3');
    expect((within(row).getByRole('switch') as HTMLInputElement).checked).toBe(true);
    const off = screen.getByTestId('dataset-row-4');
    expect((within(off).getByRole('switch') as HTMLInputElement).checked).toBe(false);
    expect(listCalls(fetchStub)[0]).toEqual({
      url: '/api/dataset/get/public/2',
      body: { type: 'dataset', keywords: '' },
    });
    expect(screen.getByRole('link', { name: 'Add dataset' }).getAttribute('href')).toBe('/dataset/0');
    fireEvent.click(within(screen.getByTestId('datasets-pages')).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(currentPath(router)).toBe('/dataset?page=3'));
    await waitFor(() => expect(listCalls(fetchStub).at(-1)?.url).toBe('/api/dataset/get/public/3'));
  });

  it('searches by keywords from the first page', async () => {
    setToken('t');
    const fetchStub = stubServer(datasetsServer([products]));
    const { router } = renderApp('/dataset?page=2');
    await screen.findByTestId('dataset-row-3');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' prod ' } });
    await waitFor(() =>
      expect(listCalls(fetchStub)).toContainEqual({
        url: '/api/dataset/get/public/1',
        body: { type: 'dataset', keywords: 'prod' },
      }),
    );
    expect(currentPath(router)).toBe('/dataset');
  });

  it("shows 'no data' for an empty list", async () => {
    setToken('t');
    stubServer(datasetsServer([]));
    renderApp('/dataset');
    expect(await within(await screen.findByTestId('datasets-table')).findByText('no data')).toBeDefined();
  });

  it('switches a dataset off and on with set_status', async () => {
    setToken('t');
    const fetchStub = stubServer(datasetsServer([products, branches]));
    renderApp('/dataset');
    fireEvent.click(within(await screen.findByTestId('dataset-row-3')).getByRole('switch'));
    await waitFor(() => expect(postsTo(fetchStub, '/api/dataset/set_status/3')).toEqual([{ status: 0 }]));
    fireEvent.click(within(screen.getByTestId('dataset-row-4')).getByRole('switch'));
    await waitFor(() => expect(postsTo(fetchStub, '/api/dataset/set_status/4')).toEqual([{ status: 1 }]));
  });

  it('deletes only after the confirmation, and reloads the same page', async () => {
    setToken('t');
    const fetchStub = stubServer(datasetsServer([products]));
    const { router } = renderApp('/dataset?page=2');
    const row = await screen.findByTestId('dataset-row-3');
    const loadsBefore = listCalls(fetchStub).length;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Do you really need to delete Products ?')).toBeDefined();
    expect(postsTo(fetchStub, '/api/dataset/delete/3')).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(postsTo(fetchStub, '/api/dataset/delete/3')).toHaveLength(1));
    await waitFor(() => expect(listCalls(fetchStub).length).toBeGreaterThan(loadsBefore));
    expect(listCalls(fetchStub).at(-1)?.url).toBe('/api/dataset/get/public/2');
    expect(currentPath(router)).toBe('/dataset?page=2');
  });

  it('shows who uses a dataset when the server refuses to delete it (409), in Arabic too', async () => {
    setToken('t');
    const users = 'variable "city" of command "order"';
    const refusal = () => ({ status: 409, json: { status: 0, msg: `The dataset is used by ${users}` } });
    const server = datasetsServer([products], (_method, path) =>
      path === '/dataset/delete/3' ? refusal() : undefined,
    );
    stubServer(server);
    const english = renderApp('/dataset');
    fireEvent.click(
      within(await screen.findByTestId('dataset-row-3')).getByRole('button', { name: 'Delete' }),
    );
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByText(`The dataset is used by ${users}`)).toBeDefined();
    expect(screen.getByTestId('dataset-row-3')).toBeDefined();
    english.unmount();

    renderApp('/dataset', 'ar');
    fireEvent.click(within(await screen.findByTestId('dataset-row-3')).getByRole('button', { name: 'حذف' }));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByText(`مجموعة البيانات مستخدمة في ${users}`)).toBeDefined();
  });

  it('goes to /404 when a dataset id in the address is not a number', async () => {
    setToken('t');
    stubServer(datasetsServer([products]));
    for (const path of ['/dataset/abc', '/dataset/x/structure', '/dataset/3x/data']) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(currentPath(router)).toBe('/404'));
      unmount();
    }
  });
});
