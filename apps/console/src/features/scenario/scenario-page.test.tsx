import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { authoringServer, commandRecord, serviceRecord } from '../../test/fake-authoring-server.ts';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const variables = {
  page: 1,
  pages_count: 1,
  data: [{ var_id: 11, var_name: 'size', var_type: 'list', var_status: 1 }],
};

describe('scenario', () => {
  it('shows the chosen service commands and opens one in the command form with its variables', async () => {
    setToken('t');
    stubServer(
      authoringServer([serviceRecord(3, 'Pizza')], [commandRecord(7, 'Greeting')], (method, path) =>
        method === 'POST' && path === '/command_var/get/7/1'
          ? { json: { status: 1, ...variables } }
          : { status: 404, json: {} },
      ),
    );
    const { router } = renderApp('/simple_scenario?service=3');
    const commands = await screen.findByTestId('scenario-commands-table');
    fireEvent.click(await within(commands).findByRole('button', { name: 'Greeting' }));
    await waitFor(() => expect(currentPath(router)).toBe('/simple_scenario?service=3&command=7'));
    const form = screen.getByTestId('scenario-command-form');
    await waitFor(() =>
      expect((within(form).getByLabelText(/Command name/) as HTMLInputElement).value).toBe('Greeting'),
    );
    const variable = await within(form).findByRole('link', { name: 'size' });
    expect(variable.getAttribute('href')).toBe('/services/3/commands/7/variables/11');
    const variableRow = variable.closest('tr') as HTMLElement;
    expect(within(variableRow).getByText('List')).toBeDefined();
    expect(within(variableRow).getByText('Active')).toBeDefined();
    expect(within(form).getByRole('link', { name: 'New variable' }).getAttribute('href')).toBe(
      '/services/3/commands/7/variables/0',
    );
    expect(within(form).getByRole('link', { name: 'Open command' }).getAttribute('href')).toBe(
      '/services/3/commands/7',
    );
  });

  it('checks the name before sending, creates the command, switches to editing it, then resets to add', async () => {
    setToken('t');
    const fetchStub = stubServer(
      authoringServer([serviceRecord(3, 'Pizza')], [commandRecord(9, 'Order pizza')], (method, path) =>
        method === 'POST' && path === '/command/save/3/0'
          ? { json: { status: 1, id: 9, msg: 'Successfully saved' } }
          : { status: 404, json: {} },
      ),
    );
    const { router } = renderApp('/scenario?service=3');
    const form = await screen.findByTestId('scenario-command-form');
    const name = within(form).getByLabelText(/Command name/) as HTMLInputElement;
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The command name field is required')).toBeDefined();
    expect(within(form).queryByTestId('scenario-examples')).toBeNull();
    fireEvent.change(name, { target: { value: 'Order pizza' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe('/scenario?service=3&command=9'));
    const saves = fetchStub.mock.calls.filter(([url]) => String(url).startsWith('/api/command/save/'));
    expect(saves).toHaveLength(1);
    expect(JSON.parse(String(saves[0]?.[1]?.body))).toEqual({
      command_name: 'Order pizza',
      command_description: '',
      command_lang: 'ar',
    });
    expect(await within(form).findByText('Edit command')).toBeDefined();
    expect(await within(form).findByTestId('scenario-examples')).toBeDefined();
    fireEvent.click(within(form).getByRole('button', { name: 'New command' }));
    await waitFor(() => expect(currentPath(router)).toBe('/scenario?service=3'));
    await waitFor(() => expect(name.value).toBe(''));
    expect(within(form).getByRole('heading', { name: 'New command' })).toBeDefined();
  });

  it('switches the chosen service off', async () => {
    setToken('t');
    const fetchStub = stubServer(
      authoringServer([serviceRecord(3, 'Pizza')], [], (method, path) =>
        method === 'POST' && path === '/service/set_status/3'
          ? { json: { status: 1 } }
          : { status: 404, json: {} },
      ),
    );
    renderApp('/scenario?service=3');
    const status = await screen.findByRole('switch', { name: 'Service active' });
    await waitFor(() => expect((status as HTMLInputElement).checked).toBe(true));
    fireEvent.click(status);
    await waitFor(() =>
      expect(fetchStub).toHaveBeenCalledWith(
        '/api/service/set_status/3',
        expect.objectContaining({ method: 'POST', body: '{"status":0}' }),
      ),
    );
  });
});
