import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { currentPath, renderApp } from '../../test/render-app.tsx';
import {
  channelRow,
  postedTo,
  stubSubscriptionsFetch,
  subscriptionsServer,
} from './fake-subscriptions-server.ts';

afterEach(() => vi.unstubAllGlobals());

const news = channelRow(4, 'أخبار المتجر');
const offers = channelRow(5, 'Offers', {
  sc_command_id: null,
  sc_command_name: null,
  sc_command_service_id: null,
});

describe('subscriptions list', () => {
  it('links each name to its channel and its command to the command page, with the subscribers count', async () => {
    setToken('t');
    const { fetchStub } = stubSubscriptionsFetch(subscriptionsServer([news, offers]));
    const { router } = renderApp('/subscription?page=2');
    const row = await screen.findByTestId('subscription-row-4');
    const name = within(row).getByRole('link', { name: 'أخبار المتجر' });
    expect(name.getAttribute('href')).toBe('/subscription/4');
    // the name in its own direction; the cell keeps the table's alignment
    expect(name.getAttribute('dir')).toBe('auto');
    expect(name.closest('td')?.getAttribute('dir')).toBeNull();
    const command = within(row).getByRole('link', { name: 'Subscribe me' });
    expect(command.getAttribute('href')).toBe('/services/2/commands/9');
    expect(command.getAttribute('dir')).toBe('auto');
    expect(within(row).getByText('1,250')).toBeDefined();
    expect(within(screen.getByTestId('subscription-row-5')).getByText('—')).toBeDefined();
    expect(postedTo(fetchStub, '/subscription/get/2')).toEqual([{ keywords: '' }]);
    expect(screen.getByRole('link', { name: 'New subscription' }).getAttribute('href')).toBe(
      '/subscription/0/about',
    );

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' news ' } });
    await waitFor(() =>
      expect(postedTo(fetchStub, '/subscription/get/1')).toContainEqual({ keywords: 'news' }),
    );
    expect(currentPath(router)).toBe('/subscription');
  });

  it('deletes a channel after asking', async () => {
    setToken('t');
    const { fetchStub } = stubSubscriptionsFetch(subscriptionsServer([news]));
    renderApp('/subscription');
    const row = await screen.findByTestId('subscription-row-4');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete أخبار المتجر' }));
    expect(await screen.findByText('Do you really need to delete أخبار المتجر ?')).toBeDefined();
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(postedTo(fetchStub, '/subscription/delete/4')).toHaveLength(1));
    expect(await screen.findByText('The subscription channel was deleted')).toBeDefined();
  });

  it('shows an empty state when there is no channel yet', async () => {
    setToken('t');
    stubSubscriptionsFetch(subscriptionsServer([]));
    renderApp('/subscription', 'ar');
    expect(await screen.findByTestId('no-subscriptions')).toBeDefined();
    expect(screen.getByText('اشتراك جديد')).toBeDefined();
  });

  it('goes back to the list for an id that is not a number or not the owner’s', async () => {
    setToken('t');
    stubSubscriptionsFetch(subscriptionsServer([news]));
    for (const path of ['/subscription/abc', '/subscription/x/send', '/subscription/77/about']) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(currentPath(router)).toBe('/subscription'));
      unmount();
    }
  });
});

describe('subscription about', () => {
  it('opens About for a bare id and shows the key, the endpoint, the values subscribers gave and a way to send', async () => {
    setToken('t');
    stubSubscriptionsFetch(subscriptionsServer([news]));
    const { router } = renderApp('/subscription/4');
    await waitFor(() => expect(currentPath(router)).toBe('/subscription/4/about'));
    expect(await screen.findByDisplayValue('key-123')).toBeDefined();
    expect(screen.getByLabelText(/^Name/)).toHaveProperty('value', 'أخبار المتجر');
    expect(screen.getByTestId('endpoint-sample').textContent).toContain('/api/send_to_subscribers_from_api');
    expect(screen.getByTestId('endpoint-sample').textContent).toContain('"api_key": "key-123"');
    expect(screen.getByTestId('subscriber-count').textContent).toBe('Subscribers: 1,250');
    expect(within(screen.getByTestId('variable-city')).getByText('Giza')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Send a notification' }).getAttribute('href')).toBe(
      '/subscription/4/send',
    );
  });

  it('regenerates the key after asking', async () => {
    setToken('t');
    const { fetchStub } = stubSubscriptionsFetch(subscriptionsServer([news]));
    renderApp('/subscription/4/about');
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    fireEvent.click(await screen.findByTestId('confirm-regenerate'));
    await waitFor(() => expect(postedTo(fetchStub, '/subscription/regenerate_key/4')).toHaveLength(1));
  });

  it('creates a channel: asks for the title, adds white domains with Enter, shows server field errors, then opens it', async () => {
    setToken('t');
    let refuse = true;
    const { fetchStub } = stubSubscriptionsFetch(
      subscriptionsServer([news, channelRow(12, 'Deals')], undefined, (_method, path) => {
        if (path !== '/subscription/save/0' || !refuse) return undefined;
        refuse = false;
        return {
          status: 422,
          json: {
            status: 0,
            msg: 'The given data was invalid.',
            errors: { 'white_domains.0': ['The white domain must be a domain name such as example.com'] },
          },
        };
      }),
    );
    const { router } = renderApp('/subscription/0/about');
    expect(
      screen.getByRole('tab', { name: 'Send' }).hasAttribute('disabled') ||
        screen.getByRole('tab', { name: 'Send' }).getAttribute('data-disabled'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The sc title field is required')).toBeDefined();
    expect(postedTo(fetchStub, '/subscription/save/0')).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Deals' } });
    const domains = screen.getByRole('combobox', { name: 'White domains' });
    domains.focus();
    fireEvent.change(domains, { target: { value: 'shop.example.com' } });
    fireEvent.keyDown(domains, { key: 'Enter' });
    expect(await screen.findByText('shop.example.com')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The white domain must be a domain name such as example.com'),
    ).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe('/subscription/12/about'));
    expect(postedTo(fetchStub, '/subscription/save/0').at(-1)).toEqual({
      sc_title: 'Deals',
      sc_desc: '',
      sc_command_id: null,
      white_domains: ['shop.example.com'],
      whatsapp_template: null,
    });
    expect(await screen.findByText('Successfully saved')).toBeDefined();
  });

  it('names the WhatsApp template for subscribers after 24 hours: checks its name and language, shows a server error on its field, saves its parameters in order', async () => {
    setToken('t');
    let refuse = true;
    const { fetchStub } = stubSubscriptionsFetch(
      subscriptionsServer([news], undefined, (_method, path) => {
        if (path !== '/subscription/save/4' || !refuse) return undefined;
        refuse = false;
        return {
          status: 422,
          json: {
            status: 0,
            msg: 'The given data was invalid.',
            errors: {
              'whatsapp_template.language': [
                'The template language is a WhatsApp language code such as en_US, ar or de',
              ],
            },
          },
        };
      }),
    );
    renderApp('/subscription/4/about');
    const template = await screen.findByTestId('whatsapp-template');
    expect(template.textContent).toContain('WhatsApp after 24 hours');
    const name = screen.getByLabelText(/^Template name/);
    await waitFor(() => expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).not.toBe(''));
    fireEvent.change(name, { target: { value: 'Weekly Offer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'The template name is the one WhatsApp approved: lower-case letters, digits and underscores',
      ),
    ).toBeDefined();
    expect(postedTo(fetchStub, '/subscription/save/4')).toEqual([]);

    fireEvent.change(name, { target: { value: 'weekly_offer' } });
    fireEvent.change(screen.getByLabelText(/^Template language/), { target: { value: 'en_US' } });
    const params = screen.getByPlaceholderText("Pick in the template's order");
    fireEvent.click(params);
    for (const label of ['Title', 'Link'])
      fireEvent.click(await screen.findByRole('option', { name: label, hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The template language is a WhatsApp language code such as en_US, ar or de'),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully saved')).toBeDefined();
    expect(postedTo(fetchStub, '/subscription/save/4').at(-1)).toMatchObject({
      whatsapp_template: { name: 'weekly_offer', language: 'en_US', params: ['title', 'link'] },
    });
  });
});
