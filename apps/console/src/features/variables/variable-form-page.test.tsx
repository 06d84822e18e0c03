import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { setToken } from '../../lib/auth-token.ts';
import { initI18n } from '../../lib/i18n.ts';
import { type FakeServer, stubServer } from '../../test/render-app.tsx';
import { VariableFormPage } from './variable-form-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderForm(path: string, server: FakeServer) {
  setToken('t');
  const fetchStub = stubServer(server);
  const router = createMemoryRouter(
    [
      {
        path: 'services/:serviceId/commands/:commandId/variables/:variableId',
        element: <VariableFormPage />,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers i18n={initI18n('en')} queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, fetchStub };
}

const noVariables: FakeServer = () => ({ json: { status: 1, data: [] } });
const savesOf = (fetchStub: ReturnType<typeof stubServer>) =>
  fetchStub.mock.calls.filter(([url]) => String(url).startsWith('/api/command_var/save/'));

/** Types into New value and presses Enter, as an owner adds values; false when Enter's default was prevented. */
function addValue(form: HTMLElement, text: string): boolean {
  const input = within(form).getByLabelText('New value');
  act(() => input.focus());
  fireEvent.change(input, { target: { value: text } });
  return fireEvent.keyDown(input, { key: 'Enter' });
}

async function chooseOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('variable form', () => {
  it('does not save when Enter is pressed in the name, and focuses the first field with a message', async () => {
    const { fetchStub } = renderForm('/services/2/commands/3/variables/0', noVariables);
    const form = await screen.findByTestId('variable-form');
    const name = within(form).getByLabelText(/Variable name/);
    expect(fireEvent.keyDown(name, { key: 'Enter' })).toBe(false);
    fireEvent.submit(form);
    expect(await within(form).findByText('Please enter the variable name')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(savesOf(fetchStub)).toHaveLength(0);
  });

  it('blocks the save with the spec messages and sends nothing', async () => {
    const { fetchStub } = renderForm('/services/2/commands/3/variables/0', noVariables);
    const form = await screen.findByTestId('variable-form');
    fireEvent.submit(form);
    expect(await within(form).findByText('Please enter the variable name')).toBeDefined();
    expect(within(form).getByText('Please enter the variable text')).toBeDefined();
    fireEvent.change(within(form).getByLabelText(/Variable name/), { target: { value: 'size' } });
    await chooseOption('Variable type', 'List');
    fireEvent.submit(form);
    expect(await within(form).findByText('Please enter the variable values list')).toBeDefined();
    expect(savesOf(fetchStub)).toHaveLength(0);
  });

  it('saves a new list variable: each value typed once, synonyms added in place', async () => {
    const { router, fetchStub } = renderForm('/services/2/commands/3/variables/0', (method, path) =>
      path === '/command_var/save/0/3'
        ? { json: { status: 1, id: 11, msg: 'Variable Saves Successfully' } }
        : noVariables(method, path, undefined),
    );
    const form = await screen.findByTestId('variable-form');
    fireEvent.change(within(form).getByLabelText(/Variable name/), { target: { value: 'size' } });
    await chooseOption('Variable type', 'List');
    addValue(form, 'large, small');
    addValue(form, 'Small');
    expect(within(form).getByText('This value is already in the list')).toBeDefined();
    const rows = within(form).getAllByTestId('list-value-row');
    expect(rows.map((row) => (within(row).getByLabelText('Value') as HTMLInputElement).value)).toEqual([
      'large',
      'small',
    ]);
    const synonyms = within(rows[1] as HTMLElement).getByRole('combobox', { name: 'Synonyms' });
    act(() => synonyms.focus());
    fireEvent.change(synonyms, { target: { value: 'tiny' } });
    fireEvent.keyDown(synonyms, { key: 'Enter' });
    fireEvent.submit(form);
    // the toast first: it hides itself after 3 s, which a busy machine can spend on the navigation
    expect(await screen.findByText('Variable Saves Successfully')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/services/2/commands/3/variables/11'));
    const body = JSON.parse(String(savesOf(fetchStub)[0]?.[1]?.body));
    expect(body).toMatchObject({
      var_name: 'size',
      var_type: 'list',
      var_val_list: ['large', 'small'],
      var_labels: [{ keyword: 'small', syns: ['tiny'] }],
      var_order: 1,
      var_is_preference: 0,
    });
    expect(body).not.toHaveProperty('var_id');
    expect(body).not.toHaveProperty('list_values');
  });

  it('opens a stored list with its label keywords among its values, and Enter in New value adds without saving', async () => {
    const stored = {
      var_id: 5,
      var_command_id: 3,
      var_name: 'size',
      var_type: 'list',
      var_type_ds_id: null,
      var_val_list: ['large'],
      var_labels: [{ keyword: 'small', syns: ['tiny', 'little'] }],
    };
    const { fetchStub } = renderForm('/services/2/commands/3/variables/5', (_method, path) =>
      path === '/command_var/browse/5'
        ? { json: { status: 1, data: stored } }
        : noVariables('GET', path, undefined),
    );
    const form = await screen.findByTestId('variable-form');
    await waitFor(() => expect(within(form).getAllByTestId('list-value-row')).toHaveLength(2));
    const rows = within(form).getAllByTestId('list-value-row');
    expect((within(rows[1] as HTMLElement).getByLabelText('Value') as HTMLInputElement).value).toBe('small');
    expect(within(rows[1] as HTMLElement).getByText('tiny')).toBeDefined();
    expect(within(rows[1] as HTMLElement).getByText('little')).toBeDefined();
    // Enter adds the value; its default (submitting the form) is prevented
    expect(addValue(form, 'medium')).toBe(false);
    expect(within(form).getAllByTestId('list-value-row')).toHaveLength(3);
    expect(savesOf(fetchStub)).toHaveLength(0);
  });

  it('shows the server message when the save fails', async () => {
    renderForm('/services/2/commands/3/variables/0', (method, path) =>
      path.startsWith('/command_var/save/')
        ? { status: 422, json: { status: 0, msg: 'The variable name has already been taken' } }
        : noVariables(method, path, undefined),
    );
    const form = await screen.findByTestId('variable-form');
    fireEvent.change(within(form).getByLabelText(/Variable name/), { target: { value: 'size' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Variable text' }), {
      target: { value: 'any size' },
    });
    fireEvent.submit(form);
    expect(await screen.findByText('The variable name has already been taken')).toBeDefined();
  });

  it('merges the values of the chosen where-field into a datasetList without duplicates', async () => {
    const { fetchStub } = renderForm('/services/2/commands/3/variables/0', (_method, path) => {
      if (path === '/dataset/get_list')
        return {
          json: {
            status: 1,
            private: [{ ds_id: 5, ds_name: 'Cities', ds_type: 'dataset', ds_schema: [] }],
            public: [],
          },
        };
      if (path === '/dataset/browse/5')
        return {
          json: {
            status: 1,
            data: { ds_id: 5, ds_schema: [{ name: 'city', type: 'text', permission: 'rw' }] },
          },
        };
      if (path === '/dataset/find') return { json: { status: 1, data: ['Cairo', 'Giza', 'Cairo'] } };
      return { json: { status: 1, data: [] } };
    });
    const form = await screen.findByTestId('variable-form');
    await chooseOption('Variable type', 'Dataset list');
    addValue(form, 'Giza');
    await chooseOption('Dataset', 'Cities');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Where field' })).not.toHaveProperty('disabled', true),
    );
    await chooseOption('Where field', 'city');
    await waitFor(() => expect(within(form).getAllByTestId('list-value-row')).toHaveLength(2));
    const values = within(form)
      .getAllByLabelText('Value')
      .map((input) => (input as HTMLInputElement).value);
    expect(values).toEqual(['Giza', 'Cairo']);
    const find = fetchStub.mock.calls.find(([url]) => url === '/api/dataset/find');
    expect(JSON.parse(String(find?.[1]?.body))).toEqual({ ds_id: 5, field_name: 'city' });
    expect(fetchStub.mock.calls.filter(([url]) => url === '/api/dataset/get_list')).toHaveLength(1);
  });
});
