import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderApp, stubServer } from '../../test/render-app.tsx';
import { callsTo, chooseOption, datasetRecord, datasetsServer } from './fake-datasets-server.ts';

const city = { name: 'city', type: 'text', permission: 'rw' } as const;
const code = { name: 'code', type: 'number', permission: 'r' } as const;
const products = datasetRecord(4, 'Products', [city, code]);

/** The structure calls sent: add-field, fields (PUT) and save. */
const structureCalls = (fetchStub: ReturnType<typeof stubServer>) =>
  [
    ...callsTo(fetchStub, '/api/dataset/add-field/'),
    ...callsTo(fetchStub, '/api/dataset/fields/'),
    ...callsTo(fetchStub, '/api/dataset/save/'),
  ].map((call) => ({ ...call, method: fetchStub.mock.calls.find(([url]) => url === call.url)?.[1]?.method }));

function typeFieldName(name: string) {
  fireEvent.change(screen.getByLabelText('Field name'), { target: { value: name } });
}

async function openProducts(server = datasetsServer([products])) {
  setToken('t');
  const fetchStub = stubServer(server);
  renderApp('/dataset/4/structure');
  await screen.findByTestId('field-row-city');
  return fetchStub;
}

afterEach(() => vi.unstubAllGlobals());

describe('dataset structure', () => {
  it('lists the fields with their type and permission', async () => {
    await openProducts();
    const cells = (name: string) =>
      within(screen.getByTestId(`field-row-${name}`))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('city')).toEqual(['city', 'Text', 'Read and write', '']);
    expect(cells('code')).toEqual(['code', 'Number', 'Read only', '']);
  });

  it('adds a field to the dataset and says so', async () => {
    const fetchStub = await openProducts();
    typeFieldName('price');
    await chooseOption('Type', 'Number');
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText('successfully added')).toBeDefined();
    expect(structureCalls(fetchStub)).toEqual([
      {
        url: '/api/dataset/add-field/4',
        method: 'POST',
        body: { data: { name: 'price', type: 'number', permission: 'rw' } },
      },
    ]);
    expect(await screen.findByTestId('field-row-price')).toBeDefined();
    expect((screen.getByLabelText('Field name') as HTMLInputElement).value).toBe('');
  });

  it("says 'Missing data' without a name or a type, and sends nothing", async () => {
    const fetchStub = await openProducts();
    typeFieldName('price');
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText('Missing data')).toBeDefined();
    typeFieldName('  ');
    await chooseOption('Type', 'Text');
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    await waitFor(() => expect(screen.getAllByText('Missing data')).toHaveLength(2));
    expect(structureCalls(fetchStub)).toEqual([]);
  });

  it("refuses a name already in the schema with '{name} field is exist', as the server does", async () => {
    const fetchStub = await openProducts(
      datasetsServer([products], (_method, path, body) =>
        path === '/dataset/add-field/4' && (body as { data: { name: string } }).data.name === 'town'
          ? {
              status: 422,
              json: {
                status: 0,
                msg: 'The given data was invalid.',
                errors: { 'data.name': ['town field is exist'] },
              },
            }
          : undefined,
      ),
    );
    typeFieldName('city');
    await chooseOption('Type', 'Text');
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText('city field is exist')).toBeDefined();
    expect(structureCalls(fetchStub)).toEqual([]);

    // a field another tab added meanwhile: the server's refusal says the same
    typeFieldName('town');
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText('town field is exist')).toBeDefined();
    expect(structureCalls(fetchStub)).toHaveLength(1);
  });

  it('edits a read-write field: renames and retypes it through PUT /dataset/fields', async () => {
    const fetchStub = await openProducts();
    fireEvent.click(screen.getByRole('button', { name: 'Edit city' }));
    await waitFor(() => expect((screen.getByLabelText('Field name') as HTMLInputElement).value).toBe('city'));
    typeFieldName('town');
    await chooseOption('Type', 'List');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('successfully updated')).toBeDefined();
    expect(structureCalls(fetchStub)).toEqual([
      {
        url: '/api/dataset/fields/4',
        method: 'PUT',
        body: { old_field: { name: 'city' }, new_field: { name: 'town', type: 'list', permission: 'rw' } },
      },
    ]);
    expect(await screen.findByTestId('field-row-town')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Add field' })).toBeDefined();
  });

  it('offers no edit or delete for a read-only field', async () => {
    await openProducts();
    const readOnly = screen.getByTestId('field-row-code');
    expect(within(readOnly).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Edit code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete code' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete city' })).toBeDefined();
  });

  it('deletes a field after the confirmation by saving the schema without it', async () => {
    const fetchStub = await openProducts();
    fireEvent.click(screen.getByRole('button', { name: 'Delete city' }));
    expect(await screen.findByText('Do you really need to delete city ?')).toBeDefined();
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() =>
      expect(structureCalls(fetchStub)).toEqual([
        {
          url: '/api/dataset/save/4',
          method: 'POST',
          body: { ds_name: 'Products', ds_type: 'dataset', ds_schema: [code] },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('field-row-city')).toBeNull());
  });

  it('offers the image type only when adding a field to a dataset that exists', async () => {
    await openProducts();
    fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    expect(await screen.findByRole('option', { name: 'Image' })).toBeDefined();
    fireEvent.click(screen.getByRole('option', { name: 'Text' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit city' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await screen.findByRole('option', { name: 'List' });
    expect(screen.queryByRole('option', { name: 'Image' })).toBeNull();
  });

  it('keeps a new dataset\'s fields in the form: "Missing data" and duplicates there too, in Arabic', async () => {
    setToken('t');
    const fetchStub = stubServer(datasetsServer([]));
    renderApp('/dataset/0/structure', 'ar');
    fireEvent.change(await screen.findByLabelText('اسم الحقل'), { target: { value: 'city' } });
    fireEvent.click(screen.getByRole('button', { name: 'إضافة حقل' }));
    expect(await screen.findByText('بيانات ناقصة')).toBeDefined();
    fireEvent.click(screen.getByRole('combobox', { name: 'النوع' }));
    fireEvent.click(await screen.findByRole('option', { name: 'نص' }));
    expect(screen.queryByRole('option', { name: 'صورة' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'إضافة حقل' }));
    expect(await screen.findByTestId('field-row-city')).toBeDefined();
    fireEvent.change(screen.getByLabelText('اسم الحقل'), { target: { value: 'city' } });
    await chooseOption('النوع', 'رقم');
    fireEvent.click(screen.getByRole('button', { name: 'إضافة حقل' }));
    expect(await screen.findByText('الحقل city موجود بالفعل')).toBeDefined();
    expect(structureCalls(fetchStub)).toEqual([]);
  });
});
