import type { DatasetField } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token.ts';
import { currentPath, renderAt, stubServer } from '../../../test/render-app.tsx';
import { recordRow, recordsServer } from './fake-records-server.ts';
import { DatasetRecordsTab } from './records-tab.tsx';

const schema: DatasetField[] = [
  { name: 'name', type: 'text', permission: 'rw' },
  { name: 'price', type: 'number', permission: 'rw' },
  { name: 'code', type: 'text', permission: 'r' },
];
const pizzas = Array.from({ length: 25 }, (_, index) =>
  recordRow(index + 1, { name: `Pizza ${index + 1}`, price: 10 + index, code: `P${index + 1}` }),
);
const three = [
  recordRow(1, { name: 'Margherita', price: 50, code: 'M' }),
  recordRow(2, { name: 'Pepperoni', price: 65, code: 'P' }),
  recordRow(3, { name: 'Tuna', price: 70, code: 'T' }),
];

/** The JSON bodies sent to one call, oldest first. */
function bodiesOf(fetchStub: ReturnType<typeof stubServer>, path: string) {
  return fetchStub.mock.calls
    .filter(([url]) => String(url) === `/api${path}`)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

function renderTab(path = '/') {
  setToken('t');
  return renderAt(<DatasetRecordsTab datasetId={7} />, path);
}

const grid = () => screen.getByTestId('records-grid');
const row = (id: number) => screen.getByTestId(`record-row-${id}`);

afterEach(() => vi.unstubAllGlobals());

describe('records grid paging and search', () => {
  it('filters by a field value from page 1, shows the filter, and removes it', async () => {
    const fetchStub = stubServer(recordsServer(schema, three));
    renderTab();
    await within(grid()).findByText('Margherita');
    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'price' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Comparison' }));
    fireEvent.click(await screen.findByRole('option', { name: 'at least' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() => expect(within(grid()).queryByText('Margherita')).toBeNull());
    expect(within(grid()).getByText('Pepperoni')).toBeDefined();
    expect(bodiesOf(fetchStub, '/dataset/get-with-keys').at(-1)).toEqual({
      ds_id: 7,
      page: 1,
      keywords: '',
      filters: [{ field: 'price', rel: '>=', value: '60' }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the filter on price' }));
    // the unfiltered page comes back (from the cache or asked again)
    expect(await within(grid()).findByText('Margherita')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Remove the filter on price' })).toBeNull();
  });

  it('asks for the page in the address, shows its 10 records and moves through the numbered pages', async () => {
    const fetchStub = stubServer(recordsServer(schema, pizzas));
    const { router } = renderTab('/?page=2');
    expect(await within(grid()).findByText('Pizza 11')).toBeDefined();
    expect(within(grid()).queryByText('Pizza 10')).toBeNull();
    expect(within(grid()).getAllByRole('checkbox', { name: 'Select row' })).toHaveLength(10);
    expect(bodiesOf(fetchStub, '/dataset/get-with-keys')[0]).toEqual({ ds_id: 7, page: 2, keywords: '' });
    fireEvent.click(within(screen.getByTestId('records-pages')).getByRole('button', { name: 'Page 3' }));
    expect(await within(grid()).findByText('Pizza 21')).toBeDefined();
    expect(currentPath(router)).toBe('/?page=3');
    expect(screen.getByText('Records: 25')).toBeDefined();
  });

  it('searches by keywords after a pause, from page 1', async () => {
    const fetchStub = stubServer(recordsServer(schema, pizzas));
    const { router } = renderTab('/?page=2');
    await within(grid()).findByText('Pizza 11');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: ' Pizza 23 ' } });
    // the search waits for a pause in typing; a busy machine may take a while to get there
    expect(await within(grid()).findByText('Pizza 23', {}, { timeout: 10_000 })).toBeDefined();
    expect(within(grid()).getAllByRole('checkbox', { name: 'Select row' })).toHaveLength(1);
    expect(currentPath(router)).toBe('/');
    expect(bodiesOf(fetchStub, '/dataset/get-with-keys').at(-1)).toEqual({
      ds_id: 7,
      page: 1,
      keywords: 'Pizza 23',
    });
  });

  it('shows "no data" when nothing matches', async () => {
    stubServer(recordsServer(schema, []));
    renderTab();
    expect(await within(grid()).findByText('no data')).toBeDefined();
  });
});

describe('adding, editing and deleting a record', () => {
  it('adds a record with the typed values and says so', async () => {
    const fetchStub = stubServer(recordsServer(schema, three));
    renderTab();
    await within(grid()).findByText('Tuna');
    fireEvent.click(screen.getByRole('button', { name: 'Add record' }));
    const form = await screen.findByRole('form', { name: 'Add a record' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'name' }), { target: { value: 'Hawaii' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'price' }), { target: { value: '80' } });
    // a read-only field's definition is fixed, not its values: a menu item needs its title and price
    fireEvent.change(within(form).getByRole('textbox', { name: 'code' }), { target: { value: 'H' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('successfully added')).toBeDefined();
    expect(bodiesOf(fetchStub, '/dataset/insert_data')).toEqual([
      { schema: 7, record: { name: 'Hawaii', price: 80, code: 'H' } },
    ]);
    expect(await within(grid()).findByText('Hawaii')).toBeDefined();
  });

  it('edits a record in the modal and says so; a read-only field’s value is editable too', async () => {
    const fetchStub = stubServer(recordsServer(schema, three));
    renderTab();
    await within(grid()).findByText('Tuna');
    fireEvent.click(within(row(2)).getByRole('button', { name: 'Edit record' }));
    const form = await screen.findByRole('form', { name: 'Edit the record' });
    const price = within(form).getByRole('textbox', { name: 'price' }) as HTMLInputElement;
    expect(price.value).toBe('65');
    fireEvent.change(within(form).getByRole('textbox', { name: 'code' }), { target: { value: 'PP' } });
    fireEvent.change(price, { target: { value: '66.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('successfully updated')).toBeDefined();
    expect(bodiesOf(fetchStub, '/dataset/update-dataset/')).toEqual([
      { data: { _id: 2, name: 'Pepperoni', price: 66.5, code: 'PP' } },
    ]);
  });

  it("shows the server's refusal under the field it names", async () => {
    stubServer(
      recordsServer(schema, three, (_method, path) =>
        path === '/dataset/insert_data'
          ? {
              status: 422,
              json: { status: 0, msg: 'Invalid', errors: { 'record.name': ['Please enter a text'] } },
            }
          : undefined,
      ),
    );
    renderTab();
    await within(grid()).findByText('Tuna');
    fireEvent.click(screen.getByRole('button', { name: 'Add record' }));
    const form = await screen.findByRole('form', { name: 'Add a record' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'name' }), { target: { value: 'x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const name = within(form).getByRole('textbox', { name: 'name' });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Please enter a text')).toBeDefined();
    expect(screen.queryByText('successfully added')).toBeNull();
  });

  it('asks before deleting one record, then deletes it', async () => {
    const fetchStub = stubServer(recordsServer(schema, three));
    renderTab();
    await within(grid()).findByText('Tuna');
    fireEvent.click(within(row(3)).getByRole('button', { name: 'Delete record' }));
    expect(await screen.findByText('Do you really need to delete 1 record ?')).toBeDefined();
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(within(grid()).queryByText('Tuna')).toBeNull());
    expect(bodiesOf(fetchStub, '/dataset/delete_data')).toEqual([{ _id: 3 }]);
  });
});

describe('selecting records and the Delete key', () => {
  it('deletes the two checked records after a count-based confirmation', async () => {
    const fetchStub = stubServer(recordsServer(schema, three));
    renderTab();
    await within(grid()).findByText('Tuna');
    fireEvent.click(within(row(1)).getByRole('checkbox', { name: 'Select row' }));
    const tuna = within(row(3)).getByRole('checkbox', { name: 'Select row' });
    fireEvent.click(tuna);
    fireEvent.keyDown(tuna, { key: 'Delete' });
    expect(await screen.findByText('Do you really need to delete 2 records ?')).toBeDefined();
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(within(grid()).queryByText('Tuna')).toBeNull());
    expect(bodiesOf(fetchStub, '/dataset/multiple-delete-data')).toEqual([{ ids: [1, 3] }]);
    expect(within(grid()).getByText('Pepperoni')).toBeDefined();
  });

  it('selects a range with Shift and adds a row with Ctrl; a plain click selects only that row', async () => {
    stubServer(recordsServer(schema, pizzas));
    renderTab();
    await within(grid()).findByText('Pizza 1');
    const isSelected = (id: number) => row(id).getAttribute('aria-selected') === 'true';
    fireEvent.click(within(row(2)).getByText('Pizza 2'));
    fireEvent.click(within(row(4)).getByText('Pizza 4'), { shiftKey: true });
    fireEvent.click(within(row(7)).getByText('Pizza 7'), { ctrlKey: true });
    expect([1, 2, 3, 4, 5, 6, 7].map(isSelected)).toEqual([false, true, true, true, false, false, true]);
    expect(screen.getByRole('button', { name: 'Delete selected (4)' })).toBeDefined();
    fireEvent.click(within(row(5)).getByText('Pizza 5'));
    expect([2, 3, 4, 5, 7].map(isSelected)).toEqual([false, false, false, true, false]);
  });

  it('ignores the Delete key in the search box and with nothing selected', async () => {
    stubServer(recordsServer(schema, three));
    renderTab();
    await within(grid()).findByText('Tuna');
    fireEvent.keyDown(grid(), { key: 'Delete' });
    fireEvent.click(within(row(1)).getByRole('checkbox', { name: 'Select row' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Search' }), { key: 'Delete' });
    fireEvent.keyDown(grid(), { key: 'Backspace' });
    expect(screen.queryByTestId('confirm-delete')).toBeNull();
    fireEvent.keyDown(grid(), { key: 'Delete' });
    expect(await screen.findByText('Do you really need to delete 1 record ?')).toBeDefined();
  });

  it('starts a new page with nothing selected', async () => {
    stubServer(recordsServer(schema, pizzas));
    renderTab();
    await within(grid()).findByText('Pizza 1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByRole('button', { name: 'Delete selected (10)' })).toBeDefined();
    fireEvent.click(within(screen.getByTestId('records-pages')).getByRole('button', { name: 'Page 2' }));
    await within(grid()).findByText('Pizza 11');
    expect(screen.getByRole('button', { name: 'Delete selected (0)' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('import and export', () => {
  it('offers them in the toolbar and reloads the grid after an import', async () => {
    const imported = recordRow(4, { name: 'Imported pie', price: 5, code: 'I' });
    const rows = [...three];
    const fetchStub = stubServer(
      recordsServer(schema, three, (method, path) => {
        if (path === '/dataset/import/preview/7') {
          const columns = [{ column: 'name', field: 'name' }];
          const preview = {
            columns,
            rows_count: 1,
            accepted_count: 1,
            refused: [],
            sample: [{ name: 'Imported pie' }],
          };
          return { json: { status: 1, ...preview } };
        }
        if (path === '/dataset/import/7') {
          rows.push(imported);
          return { json: { status: 1, imported: 1 } };
        }
        if (path === '/dataset/get-with-keys' && rows.length > 3)
          return { json: { status: 1, page: 1, pages_count: 1, total: 4, ds_schema: schema, data: rows } };
        return method === 'GET' && path.startsWith('/dataset/export/') ? { json: {} } : undefined;
      }),
    );
    renderTab();
    await within(grid()).findByText('Tuna');
    expect(screen.getByRole('button', { name: 'Export' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import records from a file' });
    const file = new File(['name\nImported pie\n'], 'pies.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByTestId('import-file-input'), { target: { files: [file] } });
    const importButton = async () => {
      const button = within(dialog).getAllByRole('button', { name: 'Import' }).at(-1) as HTMLButtonElement;
      await waitFor(() => expect(button.disabled).toBe(false));
      return button;
    };
    fireEvent.click(await importButton());
    expect(await within(grid()).findByText('Imported pie')).toBeDefined();
    expect(bodiesOf(fetchStub, '/dataset/import/7')).toHaveLength(1);
  });
});
