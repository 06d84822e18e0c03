import { type CommandResponseRecord, normalizeResponseBody } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderAt, stubServer } from '../../test/render-app.tsx';
import { ScenarioResponse } from './scenario-response.tsx';

afterEach(() => vi.unstubAllGlobals());

const stored: CommandResponseRecord = {
  ...normalizeResponseBody({
    resp_type: 'api',
    resp_text: 'Hello',
    resp_fallback_msg: 'Sorry?',
    resp_quick_reply: [{ label: 'Menu', value: 'menu', command_id: 4 }],
    resp_api_url: 'https://example.org',
  }),
  resp_id: 5,
  resp_command_id: 7,
  created_at: '2026-01-01 00:00:00',
  updated_at: '2026-01-01 00:00:00',
};

function responseServer(saveStatus = 200) {
  return stubServer((method, path) => {
    if (method === 'GET' && path === '/command_response/get/7') return { json: { status: 1, data: stored } };
    if (path === '/command_var/get_all/7')
      return { json: { status: 1, data: [{ var_id: 2, var_name: 'size' }] } };
    if (method === 'POST' && path === '/command_response/save/7')
      return saveStatus === 200
        ? { json: { status: 1, msg: 'successfully updated' } }
        : { status: saveStatus, json: { status: 0, msg: 'Server error' } };
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  });
}

function savedRecord(fetchStub: ReturnType<typeof stubServer>) {
  const call = fetchStub.mock.calls.find(([url]) => url === '/api/command_response/save/7');
  return JSON.parse(String(call?.[1]?.body)).record;
}

describe('scenario response', () => {
  it('loads the stored text and saves it as a text response with its quick replies, keeping the other fields', async () => {
    setToken('t');
    const fetchStub = responseServer();
    renderAt(<ScenarioResponse serviceId={3} commandId={7} />);
    const response = await screen.findByTestId('scenario-response');
    const text = within(response).getByLabelText('Response text') as HTMLTextAreaElement;
    await waitFor(() => expect(text.value).toBe('Hello'));
    expect((within(response).getByLabelText('Quick reply 1 label') as HTMLInputElement).value).toBe('Menu');

    fireEvent.change(text, { target: { value: 'Your pizza is coming:' } });
    fireEvent.click(within(response).getByRole('button', { name: '{{size}}' }));
    fireEvent.click(within(response).getByRole('button', { name: 'Add quick reply' }));
    fireEvent.change(within(response).getByLabelText('Quick reply 2 label'), {
      target: { value: ' Thanks ' },
    });
    fireEvent.change(within(response).getByLabelText('Quick reply 2 value'), { target: { value: 'thanks' } });
    fireEvent.click(within(response).getByRole('button', { name: 'Add quick reply' }));
    fireEvent.click(within(response).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('successfully updated')).toBeDefined();
    const record = savedRecord(fetchStub);
    expect(record).toMatchObject({
      resp_type: 'text',
      resp_text: 'Your pizza is coming: {{size}}',
      resp_quick_reply: [
        { label: 'Menu', value: 'menu', command_id: 4 },
        { label: 'Thanks', value: 'thanks', command_id: null },
      ],
      resp_fallback_msg: 'Sorry?',
      resp_api_url: 'https://example.org',
    });
    expect(record).not.toHaveProperty('resp_id');
    expect(record).not.toHaveProperty('resp_command_id');
  });

  it('refuses a quick reply with a value and no label, and reports a failed save as "server error"', async () => {
    setToken('t');
    const fetchStub = responseServer(500);
    renderAt(<ScenarioResponse serviceId={3} commandId={7} />);
    const response = await screen.findByTestId('scenario-response');
    const label = (await within(response).findByLabelText('Quick reply 1 label')) as HTMLInputElement;
    fireEvent.change(label, { target: { value: '' } });
    fireEvent.click(within(response).getByRole('button', { name: 'Save' }));
    expect(await within(response).findByText('The label field is required')).toBeDefined();
    expect(fetchStub.mock.calls.some(([url]) => url === '/api/command_response/save/7')).toBe(false);

    fireEvent.click(within(response).getByRole('button', { name: 'Remove quick reply 1' }));
    fireEvent.click(within(response).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('server error')).toBeDefined();
    expect(savedRecord(fetchStub).resp_quick_reply).toEqual([]);
  });

  it('links an existing command to its response editor for the advanced types', async () => {
    setToken('t');
    responseServer();
    renderAt(<ScenarioResponse serviceId={3} commandId={7} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Advanced types' }));
    expect(await screen.findByText(/set in the advanced response editor/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Advanced edit' }).getAttribute('href')).toBe(
      '/services/3/commands/7/result/type',
    );
  });

  it('keeps a new command from writing a response or choosing an advanced type', async () => {
    setToken('t');
    const fetchStub = responseServer();
    renderAt(<ScenarioResponse serviceId={3} commandId={null} />);
    expect(await screen.findByText(/Save the command first/)).toBeDefined();
    expect(screen.queryByLabelText('Response text')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Advanced types' }));
    expect(await screen.findByText(/cannot be chosen while the command is new/)).toBeDefined();
    const cart = screen.getByRole('checkbox', { name: 'Shopping cart' }) as HTMLInputElement;
    expect(cart.disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'Advanced edit' })).toBeNull();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
