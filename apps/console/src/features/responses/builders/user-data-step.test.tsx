import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderBuilder } from './builders.test-support.tsx';
import { UserDataStep } from './user-data-step.tsx';

afterEach(() => vi.unstubAllGlobals());

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('user data step', () => {
  it('needs a mode once switched on, and shows finish as End', async () => {
    const { latest } = renderBuilder(UserDataStep, { resp_type: 'text' });
    fireEvent.click(await screen.findByRole('switch', { name: "Save the sender's data" }));
    expect(await screen.findByText('The user data mode field is required')).toBeDefined();
    await choose('Mode', 'End');
    await waitFor(() => expect(screen.queryByText('The user data mode field is required')).toBeNull());
    expect(latest.record).toMatchObject({ resp_user_data_status: 1, resp_user_data_mode_name: 'finish' });
  });

  it("writes parameters of the dataset's columns, with a key, and refuses a name used twice", async () => {
    const { latest } = renderBuilder(UserDataStep, {
      resp_type: 'text',
      resp_user_data_status: 1,
      resp_user_data_mode_name: 'update',
    });
    await choose('Dataset', 'Shops');
    await choose('Dataset column', 'name');
    await choose('Variable', 'city');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Key (is primary)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add parameter' }));
    await waitFor(() => expect(latest.record.resp_user_data_pars).toHaveLength(1));
    expect(latest.record).toMatchObject({
      resp_user_data_dataset_id: 5,
      resp_user_data_pars: [{ name: 'name', var_id: 11, var_name: 'city', is_primary: 1, type: 'text' }],
    });

    await choose('Dataset column', 'name');
    fireEvent.change(screen.getByRole('combobox', { name: 'Default value' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add parameter' }));
    expect(await screen.findByText('The parameter name is already used')).toBeDefined();

    await choose('Dataset column', 'price');
    fireEvent.click(screen.getByRole('button', { name: 'Add parameter' }));
    await waitFor(() => expect(latest.record.resp_user_data_pars).toHaveLength(2));
    expect(latest.record.resp_user_data_pars[1]).toMatchObject({
      name: 'price',
      var_id: null,
      var_default_value: 'x',
      is_primary: 0,
      type: 'number',
    });

    await choose('Dataset column', 'place');
    fireEvent.click(screen.getByRole('button', { name: 'Add parameter' }));
    expect(await screen.findByText('Please choose a variable or enter a default value')).toBeDefined();
  });
});
