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

  it('saves a new list variable with its labels and moves to the returned id', async () => {
    const { router, fetchStub } = renderForm('/services/2/commands/3/variables/0', (method, path) =>
      path === '/command_var/save/0/3'
        ? { json: { status: 1, id: 11, msg: 'Variable Saves Successfully' } }
        : noVariables(method, path, undefined),
    );
    const form = await screen.findByTestId('variable-form');
    fireEvent.change(within(form).getByLabelText(/Variable name/), { target: { value: 'size' } });
    await chooseOption('Variable type', 'List');
    const values = within(form).getByRole('combobox', { name: 'Values list' });
    act(() => values.focus());
    fireEvent.change(values, { target: { value: 'large' } });
    fireEvent.keyDown(values, { key: 'Enter' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add label' }));
    fireEvent.change(within(form).getByLabelText('Keyword'), { target: { value: 'small' } });
    fireEvent.submit(form);
    await waitFor(() => expect(router.state.location.pathname).toBe('/services/2/commands/3/variables/11'));
    const body = JSON.parse(String(savesOf(fetchStub)[0]?.[1]?.body));
    expect(body).toMatchObject({
      var_name: 'size',
      var_type: 'list',
      var_val_list: ['large'],
      var_labels: [{ keyword: 'small', syns: [] }],
      var_order: 1,
      var_is_preference: 0,
    });
    expect(body).not.toHaveProperty('var_id');
    expect(await screen.findByText('Variable Saves Successfully')).toBeDefined();
  });

  it('shows the server message when the save fails', async () => {
    renderForm('/services/2/commands/3/variables/0', (method, path) =>
      path.startsWith('/command_var/save/')
        ? { status: 422, json: { status: 0, msg: 'The variable name has already been taken' } }
        : noVariables(method, path, undefined),
    );
    const form = await screen.findByTestId('variable-form');
    fireEvent.change(within(form).getByLabelText(/Variable name/), { target: { value: 'size' } });
    fireEvent.change(within(form).getByLabelText('Variable text'), { target: { value: 'any size' } });
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
    const values = within(form).getByRole('combobox', { name: 'Values list' });
    act(() => values.focus());
    fireEvent.change(values, { target: { value: 'Giza' } });
    fireEvent.keyDown(values, { key: 'Enter' });
    await chooseOption('Dataset', 'Cities');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Where field' })).not.toHaveProperty('disabled', true),
    );
    await chooseOption('Where field', 'city');
    await waitFor(() => expect(within(form).getByText('Cairo')).toBeDefined());
    const pills = within(form)
      .getAllByText(/^(Giza|Cairo)$/)
      .map((pill) => pill.textContent);
    expect(pills).toEqual(['Giza', 'Cairo']);
    const find = fetchStub.mock.calls.find(([url]) => url === '/api/dataset/find');
    expect(JSON.parse(String(find?.[1]?.body))).toEqual({ ds_id: 5, field_name: 'city' });
    expect(fetchStub.mock.calls.filter(([url]) => url === '/api/dataset/get_list')).toHaveLength(1);
  });
});
