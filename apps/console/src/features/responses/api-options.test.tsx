import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';
import { COMMAND_ID, responseServer, savedRecords } from './fake-response-server.ts';

afterEach(() => vi.unstubAllGlobals());

const base = `/services/3/commands/${COMMAND_ID}/result`;

function open(stored: Parameters<typeof responseServer>[0]) {
  setToken('t');
  const fetchStub = stubServer(responseServer(stored));
  const { router } = renderApp(`${base}/options/api`);
  return { fetchStub, router };
}

const parameters = () => within(screen.getByRole('group', { name: 'Parameters' }));

function addParameter(name: string, fallback: string) {
  fireEvent.change(parameters().getByRole('textbox', { name: 'Parameter name' }), {
    target: { value: name },
  });
  fireEvent.change(parameters().getByRole('textbox', { name: 'Default value' }), {
    target: { value: fallback },
  });
  fireEvent.click(parameters().getByRole('button', { name: 'Add parameter' }));
}

describe('api options', () => {
  it('asks for a parameter name, refuses a name already used and needs a variable or a default', async () => {
    open({ resp_type: 'api', resp_api_url: 'https://api.example.com/menu' });
    await screen.findByRole('textbox', { name: /API URL/ });
    addParameter('', 'x');
    expect(await parameters().findByText('The parameter name is required')).toBeDefined();
    addParameter('city', 'Cairo');
    expect(
      parameters()
        .getAllByTestId('api-parameter')
        .map((row) => row.textContent),
    ).toEqual(['city = Cairo']);
    addParameter('city', 'Giza');
    expect(await parameters().findByText('The parameter name is already used')).toBeDefined();
    addParameter('page', '');
    expect(await parameters().findByText('Please choose a variable or enter a default value')).toBeDefined();
    expect(parameters().getAllByTestId('api-parameter')).toHaveLength(1);
  });

  it('edits a parameter in place', async () => {
    open({
      resp_type: 'api',
      resp_api_url: 'https://api.example.com',
      resp_api_pars: [{ name: 'city', var_default_value: 'Cairo' }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit parameter city' }));
    fireEvent.change(parameters().getByRole('textbox', { name: 'Default value' }), {
      target: { value: 'Giza' },
    });
    fireEvent.click(parameters().getByRole('button', { name: 'Update parameter' }));
    expect(
      parameters()
        .getAllByTestId('api-parameter')
        .map((row) => row.textContent),
    ).toEqual(['city = Giza']);
  });

  it('shows the limit only for multi, refuses a limit that is not whole and saves nothing', async () => {
    const { fetchStub } = open({ resp_type: 'api', resp_api_url: 'https://api.example.com' });
    await screen.findByRole('textbox', { name: /API URL/ });
    expect(screen.queryByRole('textbox', { name: 'Data limit' })).toBeNull();
    fireEvent.click(screen.getByText('Multi'));
    const limit = await screen.findByRole('textbox', { name: 'Data limit' });
    expect((limit as HTMLInputElement).value).toBe('3');
    fireEvent.change(limit, { target: { value: '2.5' } });
    expect(screen.getAllByText('The data limit must be an integer').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getAllByText('The data limit must be an integer').length).toBeGreaterThan(1),
    );
    expect(savedRecords(fetchStub)).toEqual([]);
  });

  it('needs the url, then saves the request and goes to the template', async () => {
    const { fetchStub, router } = open({ resp_type: 'api' });
    const url = await screen.findByRole('textbox', { name: /API URL/ });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('The api url field is required')).length).toBeGreaterThan(0);
    expect(savedRecords(fetchStub)).toEqual([]);
    fireEvent.change(url, { target: { value: 'https://api.example.com/menu' } });
    fireEvent.click(screen.getByText('POST'));
    addParameter('city', 'Cairo');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${base}/template`));
    expect(savedRecords(fetchStub)[0]).toMatchObject({
      resp_type: 'api',
      resp_api_url: 'https://api.example.com/menu',
      resp_api_req_type: 'post',
      resp_api_pars: [{ name: 'city', var_id: null, var_default_value: 'Cairo' }],
    });
  });

  it('refuses an extra option whose label is already used', async () => {
    open({ resp_type: 'api', resp_api_url: 'https://api.example.com' });
    const extra = within(await screen.findByRole('group', { name: 'Extra options' }));
    const addOption = (label: string, value: string) => {
      fireEvent.change(extra.getByRole('textbox', { name: 'Option label' }), { target: { value: label } });
      fireEvent.change(extra.getByRole('textbox', { name: 'Option value' }), { target: { value: value } });
      fireEvent.click(extra.getByRole('button', { name: 'Add option' }));
    };
    addOption('More', 'more');
    addOption('More', 'again');
    expect(await extra.findByText('The option label is already used')).toBeDefined();
    expect(extra.getAllByTestId('extra-option')).toHaveLength(1);
  });
});
