import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { currentPath, renderApp, stubServer } from '../../test/render-app.tsx';
import { COMMAND_ID, responseServer, savedRecords, sentTo } from './fake-response-server.ts';

afterEach(() => vi.unstubAllGlobals());

const base = `/services/3/commands/${COMMAND_ID}`;

function open(path: string, stored: Parameters<typeof responseServer>[0], lang = 'en') {
  setToken('t');
  const fetchStub = stubServer(responseServer(stored, lang));
  const { router } = renderApp(`${base}${path}`);
  return { fetchStub, router };
}

describe('command response editor', () => {
  it('puts the response tab between examples and advertises and opens the type step', async () => {
    const { router } = open('/about', null);
    await screen.findByRole('tab', { name: 'Response' });
    const names = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(names).toEqual(['About', 'Variables', 'Examples', 'Response', 'Advertises']);
    fireEvent.click(screen.getByRole('tab', { name: 'Response' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${base}/result/type`));
    expect(screen.getByRole('tab', { name: 'Response' }).getAttribute('aria-selected')).toBe('true');
    const steps = within(screen.getByRole('navigation', { name: 'Response steps' }));
    expect(steps.getAllByRole('link').map((link) => link.textContent)).toEqual([
      '1. Type',
      '2. Options',
      '3. Template',
      '4. Extra options',
      '5. Fallback',
      '6. User data',
      '7. Response actions',
      '8. Advertises',
    ]);
  });

  it('keeps Next disabled until a type is chosen and asks for the dataset before saving', async () => {
    const { fetchStub } = open('/result/type', null);
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Data Set' }));
    expect(next.hasAttribute('disabled')).toBe(false);
    fireEvent.click(next);
    expect(await screen.findByText('please choose dataset first')).toBeDefined();
    expect(sentTo(fetchStub, `/command-response/${COMMAND_ID}/types`)).toEqual([]);
  });

  it('saves the type with its dataset and goes to the dataset options', async () => {
    const { fetchStub, router } = open('/result/type', null);
    fireEvent.click(await screen.findByRole('radio', { name: 'Data Set' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Dataset' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Branches' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${base}/result/options/dataset`));
    expect(sentTo(fetchStub, `/command-response/${COMMAND_ID}/types`)).toEqual([
      {
        resp_type: 'ds',
        resp_dataset_id: 4,
        resp_data_source_id: null,
        resp_menu_id: null,
        resp_component_id: null,
        resp_sub_channel: null,
      },
    ]);
  });

  it('saves a subscription response with its channel and goes to the template for the confirmation text', async () => {
    const { fetchStub, router } = open('/result/type', null);
    fireEvent.click(await screen.findByRole('radio', { name: 'Subscription' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('please choose subscription channel first')).toBeDefined();
    fireEvent.click(screen.getByRole('combobox', { name: 'Subscription channel' }));
    fireEvent.click(await screen.findByRole('option', { name: 'News' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${base}/result/template`));
    expect(sentTo(fetchStub, `/command-response/${COMMAND_ID}/types`).at(-1)).toMatchObject({
      resp_type: 'sub',
      resp_sub_channel: 6,
    });
  });

  it('says when there are no components to pick (the list answers 404)', async () => {
    open('/result/type', null);
    fireEvent.click(await screen.findByRole('radio', { name: 'Component' }));
    expect(await screen.findByText('There are no components to choose from yet.')).toBeDefined();
  });

  it('sends the fallback step back to type when the command has no response yet', async () => {
    const { router } = open('/result/fallback', null);
    await waitFor(() => expect(currentPath(router)).toBe(`${base}/result/type`));
  });

  it('saves actions kept switched off, and says they will not run', async () => {
    open('/result/fallback', {
      resp_type: 'text',
      resp_text: 'Hi',
      resp_action_status: 0,
      resp_actions: [{ resp_action_type: 'subscribe' }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('successfully updated')).toBeDefined();
    expect(
      await screen.findByText('Saved, but the actions are switched off: they will not run.'),
    ).toBeDefined();
  });

  it('says which contact details a checkout will ask for itself', async () => {
    open('/result/options', {
      resp_type: 'shopping_cart',
      resp_menu_id: 5,
      resp_cart_action: 'complete_order',
    });
    // the command's only variable is "city": the bot asks for all three
    expect((await screen.findByTestId('checkout-questions')).textContent).toContain(
      'asks the customer for their name, phone number, delivery address',
    );
  });

  it('saves the fallback message and stays', async () => {
    const { fetchStub, router } = open('/result/fallback', { resp_type: 'text', resp_text: 'Hi' });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Fallback' }), {
      target: { value: 'Sorry' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('successfully updated')).toBeDefined();
    expect(savedRecords(fetchStub)[0]).toMatchObject({
      resp_type: 'text',
      resp_text: 'Hi',
      resp_fallback_msg: 'Sorry',
    });
    expect(currentPath(router)).toBe(`${base}/result/fallback`);
  });

  it('says a text type has no options and goes on to the template', async () => {
    const { router } = open('/result/options/text', { resp_type: 'text' });
    expect(await screen.findByText('This response type has no options')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${base}/result/template`));
  });

  it('saves the extra options of a menu and goes on to the fallback', async () => {
    const { fetchStub, router } = open('/result/extra-options', { resp_type: 'menu', resp_menu_id: 5 });
    const options = within(await screen.findByRole('group', { name: 'Extra menu options' }));
    fireEvent.change(options.getByRole('textbox', { name: 'Option label' }), { target: { value: 'Offers' } });
    fireEvent.change(options.getByRole('textbox', { name: 'Option value' }), { target: { value: 'offers' } });
    fireEvent.click(options.getByRole('button', { name: 'Add option' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${base}/result/fallback`));
    expect(savedRecords(fetchStub)[0]?.resp_menu_extra_options).toEqual([
      { label: 'Offers', value: 'offers' },
    ]);
  });

  it('saves the user data step and goes on to the fallback', async () => {
    const { fetchStub, router } = open('/result/user-data', { resp_type: 'text', resp_text: 'Hi' });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${base}/result/fallback`));
    expect(savedRecords(fetchStub)).toHaveLength(1);
  });

  it('shows the server field errors on the fields of a refused save', async () => {
    setToken('t');
    const server = responseServer({ resp_type: 'api', resp_api_url: 'https://api.example.com' });
    stubServer((method, path, body) =>
      method === 'POST' && path === `/command_response/save/${COMMAND_ID}`
        ? {
            status: 422,
            json: {
              status: 0,
              msg: 'Validation error',
              errors: { 'record.resp_api_url': ['The api url field is required'] },
            },
          }
        : server(method, path, body),
    );
    renderApp(`${base}/result/options/api`);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('server error')).toBeDefined();
    expect(screen.getByRole('textbox', { name: /API URL/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The api url field is required')).toBeDefined();
  });
});
