import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderBuilder } from './builders.test-support.tsx';
import { DatasetQueryBuilder } from './dataset-query-builder.tsx';

afterEach(() => vi.unstubAllGlobals());

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function optionsOf(label: string): Promise<string[]> {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox', { name: label });
  const names = within(list)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  return names;
}

const dsRecord = { resp_type: 'ds', resp_dataset_id: 5 };

describe('dataset query builder', () => {
  it('offers NEARBY only on a location field, and only NEARBY there', async () => {
    renderBuilder(DatasetQueryBuilder, dsRecord);
    await screen.findByText('Dataset: Shops');
    expect(await optionsOf('Field')).toEqual(['name', 'price', 'place', '__status', '__sender_id']);
    await choose('Field', 'price');
    expect(await optionsOf('Operator')).toEqual(['=', '!=', '>=', '<=', 'LIKE']);
    await choose('Field', 'place');
    expect(await optionsOf('Operator')).toEqual(['NEARBY']);
    expect((screen.getByLabelText('Radius (km)') as HTMLInputElement).value).toBe('5');
  });

  it('writes AND-ed conditions in a group and OR-ed groups to resp_dataset, from variables and literals', async () => {
    const { latest } = renderBuilder(DatasetQueryBuilder, dsRecord);
    await screen.findByText('Dataset: Shops');

    await choose('Field', 'name');
    await choose('Variable', 'city');
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));

    await choose('Field', 'price');
    await choose('Operator', '<=');
    fireEvent.click(screen.getByRole('radio', { name: 'Value' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Value' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));

    await choose('Field', 'place');
    await choose('Group', 'New group (OR)');
    await choose('Measure from (location variable)', 'spot');
    fireEvent.change(screen.getByLabelText('Radius (km)'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));

    await waitFor(() =>
      expect(latest.record.resp_dataset.groups).toEqual([
        [
          { field_name: 'name', rel: '=', var_id: 11, value: '', field_type: 'text' },
          { field_name: 'price', rel: '<=', var_id: null, value: '10', field_type: 'number' },
        ],
        [{ field_name: 'place', rel: 'NEARBY', var_id: 12, value: '2', field_type: 'location' }],
      ]),
    );
    expect(latest.record.resp_dataset).toMatchObject({
      ds_id: 5,
      query_type: 'builder',
      query_syntax: '(name = {{city}} AND price <= "10") OR (place NEARBY {{spot}} 2 km)',
      resp: { via: 'text', limit: 1 },
    });
    expect(screen.getAllByRole('group', { name: /^Group \d$/ })).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove condition name = {{city}}' }));
    await waitFor(() => expect(latest.record.resp_dataset.groups).toHaveLength(2));
    expect((latest.record.resp_dataset.groups as unknown[][])[0]).toHaveLength(1);
  });

  it('refuses a condition without a field or without a variable or a value', async () => {
    const { latest } = renderBuilder(DatasetQueryBuilder, dsRecord);
    await screen.findByText('Dataset: Shops');
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    expect(await screen.findByText('Please choose a field')).toBeDefined();
    await choose('Field', 'name');
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    expect(await screen.findByText('Please choose a variable or enter a value')).toBeDefined();
    expect(latest.record.resp_dataset.groups).toBeUndefined();
  });

  it('says a data limit that is not an integer, and sets the struct and receipt for the chosen via', async () => {
    const { latest } = renderBuilder(DatasetQueryBuilder, dsRecord);
    await screen.findByText('Dataset: Shops');
    fireEvent.change(screen.getByLabelText('Data limit'), { target: { value: '2.5' } });
    expect(await screen.findByText('The data limit must be an integer')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Data limit'), { target: { value: '3' } });
    await waitFor(() => expect(screen.queryByText('The data limit must be an integer')).toBeNull());

    await choose('Send as', 'Cards');
    fireEvent.change(screen.getByRole('combobox', { name: 'Title: key' }), { target: { value: 'name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add button' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add button' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add button' }));
    expect(screen.getByRole('button', { name: 'Add button' }).hasAttribute('disabled')).toBe(true);
    expect(latest.record.resp_dataset.resp).toMatchObject({ via: 'card', limit: 3, title_key: 'name' });
    expect((latest.record.resp_dataset.resp as { buttons: unknown[] }).buttons).toHaveLength(3);

    await choose('Send as', 'Receipt');
    expect(latest.record.resp_dataset.resp).toMatchObject({
      via: 'receipt',
      receipt: { currency: 'EGP', payment_method: 'cash', dataset_id: 5, elem_amount_col: '1' },
    });
    await choose('Currency', 'USD');
    expect((latest.record.resp_dataset.resp as { receipt: { currency: string } }).receipt.currency).toBe(
      'USD',
    );
  });
});
