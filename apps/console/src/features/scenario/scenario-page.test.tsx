import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';
import { authoringServer, commandRecord, serviceRecord } from '../services/fake-authoring-server.ts';

afterEach(() => vi.unstubAllGlobals());

const variables = [{ var_id: 11, var_name: 'size' }];

describe('scenario', () => {
  it('shows the chosen service commands and opens one in the command form with its variables', async () => {
    setToken('t');
    stubServer(
      authoringServer([serviceRecord(3, 'Pizza')], [commandRecord(7, 'Greeting')], (method, path) =>
        method === 'POST' && path === '/command_var/get_all/7'
          ? { json: { status: 1, data: variables } }
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
    expect(within(form).getByRole('link', { name: 'Open command' }).getAttribute('href')).toBe(
      '/services/3/commands/7',
    );
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
