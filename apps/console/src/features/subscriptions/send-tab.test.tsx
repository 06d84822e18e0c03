import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  channelBrowse,
  channelRow,
  postedTo,
  progressOf,
  stubSubscriptionsFetch,
  subscriptionsServer,
} from './fake-subscriptions-server.ts';

afterEach(() => vi.unstubAllGlobals());

const news = channelRow(4, 'News');
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

describe('subscription send', () => {
  it('checks the notification, counts the audience as it changes, sends, and grows the bar on each streamed event', async () => {
    setToken('t');
    const { fetchStub, stream } = stubSubscriptionsFetch(subscriptionsServer([news]));
    renderApp('/subscription/4/send');
    expect((await screen.findByTestId('audience-count')).textContent).toContain(
      'Subscribers who will receive it: 3',
    );
    expect(screen.getByTestId('count-web').textContent).toBe('Web: 2');
    expect(postedTo(fetchStub, '/subscription/count_subscribers')[0]).toEqual({
      channel_id: 4,
      vars: [],
      platform: null,
    });

    fireEvent.click(screen.getByLabelText('Card'));
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    expect(await screen.findByText('The title field is required')).toBeDefined();
    expect(screen.getByText('The media field is required')).toBeDefined();
    expect(postedTo(fetchStub, '/subscription/send_to_subscribers')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'عرض اليوم' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Media/ }), {
      target: { value: 'https://cdn.test/a.png' },
    });
    expect(
      within(screen.getByTestId('notification-preview')).getByText('عرض اليوم').getAttribute('dir'),
    ).toBe('auto');

    // the audience: Messenger subscribers whose city is Cairo
    fireEvent.click(screen.getByLabelText('Messenger'));
    fireEvent.click(screen.getByLabelText('city', { selector: 'input:not([type=hidden])' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cairo' }));
    await waitFor(() =>
      expect(postedTo(fetchStub, '/subscription/count_subscribers').at(-1)).toEqual({
        channel_id: 4,
        vars: [{ sv_variable_name: 'city', vals: ['Cairo'] }],
        platform: 'sub_facebook',
      }),
    );
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(postedTo(fetchStub, '/subscription/send_to_subscribers')).toHaveLength(1));
    expect(postedTo(fetchStub, '/subscription/send_to_subscribers')[0]).toEqual({
      channel_id: 4,
      stream_status: 1,
      data: {
        type: 'card',
        title: 'عرض اليوم',
        subtitle: '',
        media: 'https://cdn.test/a.png',
        buttons: [],
        redirect_type: 'web_wedgit',
        redirect_link: '',
        platform: 'sub_facebook',
      },
      values: [{ sv_variable_name: 'city', vals: ['Cairo'] }],
      platform: 'sub_facebook',
      sub_count: 3,
    });

    const card = await screen.findByTestId('send-50');
    expect(within(card).getByTestId('progress-text').textContent).toContain(
      'Sent 0 of 3, failed 0, pending 3',
    );
    await waitFor(() => expect(stream.opened).toBeGreaterThan(0));
    act(() => stream.emit(progressOf({ total: 3, sent: 1, pending: 2 })));
    await waitFor(() =>
      expect(within(card).getByTestId('progress-text').textContent).toContain(
        'Sent 1 of 3, failed 0, pending 2',
      ),
    );
    expect(within(card).getByTestId('progress-sent').getAttribute('style')).toContain('33.3');
    act(() =>
      stream.emit(
        progressOf({
          total: 3,
          sent: 2,
          failed: 1,
          pending: 0,
          status: 'done',
          finished_at: '2025-05-01T10:01:00.000Z',
        }),
      ),
    );
    expect(await screen.findByText('The notification was sent: 2 of 3, 1 failed')).toBeDefined();
    expect(within(card).getByTestId('progress-text').textContent).toContain(
      'Sent 2 of 3, failed 1, pending 0',
    );
  });

  it('shows how far a send got when the page opens mid-send, with the finished sends and the failures', async () => {
    setToken('t');
    const { fetchStub } = stubSubscriptionsFetch(
      subscriptionsServer([news], (row) =>
        channelBrowse(row, {
          notifications_pending: [
            progressOf({ sent: 4, failed: 1, pending: 5 }),
            progressOf({
              notification_id: 40,
              status: 'done',
              title: 'Yesterday',
              total: 2,
              sent: 2,
              pending: 0,
            }),
          ],
          failures: [
            {
              platform: 'web',
              sender_id: 'w-77',
              error: 'Blocked by the user',
              at: '2025-05-01T10:00:05.000Z',
            },
          ],
        }),
      ),
    );
    renderApp('/subscription/4/send/9');
    const live = await screen.findByTestId('send-50');
    expect(within(live).getByTestId('progress-text').textContent).toContain(
      'Sent 4 of 10, failed 1, pending 5',
    );
    expect(within(live).getByText('Sending')).toBeDefined();
    expect(within(screen.getByTestId('send-40')).getByText('Finished')).toBeDefined();
    expect(within(screen.getByTestId('failures-table')).getByText('Blocked by the user')).toBeDefined();
    expect(fetchStub.mock.calls.map(([url]) => url)).toContain('/api/subscription/browse/4/9');
  });

  it('keeps Send disabled with no audience, and shows the refusal of a send', async () => {
    setToken('t');
    let count = 0;
    stubSubscriptionsFetch(
      subscriptionsServer([news], undefined, (_method, path) => {
        if (path === '/subscription/count_subscribers')
          return { json: { status: 1, count, per_circle: { web: count } } };
        if (path === '/subscription/send_to_subscribers')
          return {
            status: 422,
            json: {
              status: 0,
              msg: 'The given data was invalid.',
              errors: { sub_count: ['There are no subscribers to send to'] },
            },
          };
        return undefined;
      }),
    );
    renderApp('/subscription/4/send', 'ar');
    expect((await screen.findByTestId('audience-count')).textContent).toContain('0');
    const arabicSend = () => screen.getByRole('button', { name: 'إرسال' }) as HTMLButtonElement;
    expect(arabicSend().disabled).toBe(true);
    count = 2;
    fireEvent.click(screen.getByLabelText('الويب'));
    await waitFor(() => expect(arabicSend().disabled).toBe(false));
    fireEvent.change(screen.getByRole('textbox', { name: /^النص/ }), { target: { value: 'مرحبا' } });
    fireEvent.click(arabicSend());
    expect((await screen.findByTestId('send-error')).textContent).toBe('لا يوجد مشتركون للإرسال إليهم');
  });
});
