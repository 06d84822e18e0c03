import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token.ts';
import { currentPath, renderApp, stubServer } from '../../../test/render-app.tsx';
import { holdCalls, menuRecord, menusServer, orderPolls, orderRecord } from './fake-menus-server.ts';

const lunch = menuRecord(3, 'Lunch');
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const mona = orderRecord(1, { created_at: minutesAgo(5) });
const karim = orderRecord(2, {
  fullname: 'كريم حسن',
  created_at: minutesAgo(1),
  items: [{ title: 'فول', quantity: 3, price: 20 }],
  phone: '0100 200 3000',
  address: 'شارع الهرم، الجيزة',
  subtotal: 60,
  tax: 8.4,
  shipping: 1.2,
  price: 69.6,
  currency: 'RSA',
  payment_method: 'visa',
  notes: '',
});

const card = (orderId: number) => screen.getByTestId(`order-${orderId}`);
const buttonsOf = (orderId: number) => within(card(orderId)).getAllByRole('button') as HTMLButtonElement[];
const cellTexts = (orderId: number) =>
  within(card(orderId))
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );

async function openOrders(orders = [mona, karim], language: 'en' | 'ar' = 'en') {
  setToken('t');
  const fetchStub = stubServer(menusServer([lunch], orders));
  const view = renderApp('/menus/3/orders', language);
  return { fetchStub, ...view };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('menu orders', () => {
  it('shows every field of each pending order, and the pending count on the tab', async () => {
    await openOrders();
    const first = await screen.findByTestId('order-1');
    expect(within(first).getByText('Mona Adel').getAttribute('dir')).toBe('auto');
    expect(within(first).getByText('Order M3-1001')).toBeDefined();
    expect(within(first).getByText('5 minutes ago')).toBeDefined();
    expect(within(first).getByText('Cash')).toBeDefined();
    const phone = within(first).getByText('+20 100 555 1234');
    expect(phone.getAttribute('dir')).toBe('ltr');
    expect(phone.getAttribute('href')).toBe('tel:+20 100 555 1234');
    expect(within(first).getByText('12 Tahrir St, Cairo').getAttribute('dir')).toBe('auto');
    expect(within(first).getByText('Ring twice').getAttribute('dir')).toBe('auto');
    expect(cellTexts(1).slice(1)).toEqual([
      ['Koshari', '2', 'EGP 45.50', 'EGP 91.00'],
      ['Rice pudding', '1', 'EGP 1,250.00', 'EGP 1,250.00'],
    ]);
    expect(within(first).getByTestId('order-amounts').textContent).toBe(
      'SubtotalEGP 1,341.00TaxEGP 187.74ShippingEGP 26.82TotalEGP 1,555.56',
    );
    expect(buttonsOf(1).map((button) => button.textContent)).toEqual(['Delete', 'Confirm']);

    // another currency, payment method, Arabic text laid out right to left, no notes
    const second = card(2);
    expect(within(second).getByText('كريم حسن').getAttribute('dir')).toBe('auto');
    expect(within(second).getByText('1 minute ago')).toBeDefined();
    expect(within(second).getByText('Card (Visa)')).toBeDefined();
    expect(cellTexts(2).slice(1)).toEqual([['فول', '3', 'SAR 20.00', 'SAR 60.00']]);
    expect(within(second).getByTestId('order-amounts').textContent).toContain('TotalSAR 69.60');
    expect(within(second).queryByText('Notes')).toBeNull();

    expect(within(screen.getByRole('tab', { name: /^Orders/ })).getByTestId('orders-count').textContent).toBe(
      '2',
    );
  });

  it('writes the amounts and the time in Arabic with Western digits', async () => {
    await openOrders([mona], 'ar');
    const first = await screen.findByTestId('order-1');
    expect(within(first).getByText('الطلب M3-1001')).toBeDefined();
    expect(within(first).getByText('قبل 5 دقائق')).toBeDefined();
    expect(within(first).getByText('نقدًا')).toBeDefined();
    expect(cellTexts(1)[1]).toEqual(['Koshari', '2', '45.50 ج.م', '91.00 ج.م']);
    expect(within(first).getByTestId('order-amounts').textContent).toContain('الإجمالي1,555.56 ج.م');
    expect(first.textContent).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
    expect(buttonsOf(1).map((button) => button.textContent)).toEqual(['حذف', 'تأكيد']);
  });

  it('confirms an order: both its buttons are off while the call is in flight, then it leaves the list', async () => {
    const { fetchStub } = await openOrders();
    const held = holdCalls(fetchStub, (method, path) => method === 'POST' && path.endsWith('/confirm'));
    await screen.findByTestId('order-1');
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(buttonsOf(1).every((button) => button.disabled)).toBe(true));
    // the other order's buttons stay on
    expect(buttonsOf(2).some((button) => button.disabled)).toBe(false);
    held.release();
    await waitFor(() => expect(screen.queryByTestId('order-1')).toBeNull());
    expect(await screen.findByText('Order M3-1001 confirmed')).toBeDefined();
    expect(screen.getByTestId('order-2')).toBeDefined();
    expect(screen.getByTestId('orders-count').textContent).toBe('1');
    expect(fetchStub.mock.calls.some(([url]) => url === '/api/shopping_cart/orders/1/confirm')).toBe(true);
  });

  it('deletes an order after asking: its buttons are off while the call is in flight, then it leaves the list', async () => {
    const { fetchStub } = await openOrders();
    const held = holdCalls(fetchStub, (method, path) => method === 'POST' && path.endsWith('/delete'));
    await screen.findByTestId('order-2');
    fireEvent.click(within(card(2)).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Do you really need to delete order M3-1002 of كريم حسن ?')).toBeDefined();
    expect(buttonsOf(2).some((button) => button.disabled)).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(buttonsOf(2).every((button) => button.disabled)).toBe(true));
    held.release();
    await waitFor(() => expect(screen.queryByTestId('order-2')).toBeNull());
    expect(await screen.findByText('Order M3-1002 deleted')).toBeDefined();
    expect(fetchStub.mock.calls.some(([url]) => url === '/api/shopping_cart/orders/2/delete')).toBe(true);
  });

  it('says why an order was not confirmed, keeps it, and turns its buttons back on', async () => {
    setToken('t');
    const refusal = { status: 409, json: { status: 0, msg: 'The order is not pending' } };
    stubServer(
      menusServer([lunch], [mona], (_method, path) => (path.endsWith('/confirm') ? refusal : undefined)),
    );
    renderApp('/menus/3/orders');
    fireEvent.click(within(await screen.findByTestId('order-1')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Order M3-1001 was not confirmed: The order is not pending'),
    ).toBeDefined();
    await waitFor(() => expect(buttonsOf(1).some((button) => button.disabled)).toBe(false));
  });

  it('shows the empty state when no order waits', async () => {
    await openOrders([]);
    const empty = await screen.findByTestId('no-orders');
    expect(within(empty).getByText('No pending orders')).toBeDefined();
    expect(empty.querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('orders-count').textContent).toBe('0');
  });

  it('reads the orders again every 5000 ms, and stops when the menu is left', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { fetchStub, router } = await openOrders([mona]);
    await screen.findByTestId('order-1');
    await waitFor(() => expect(orderPolls(fetchStub)).toBe(1));
    act(() => vi.advanceTimersByTime(4900));
    expect(orderPolls(fetchStub)).toBe(1);
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(orderPolls(fetchStub)).toBe(2));
    act(() => vi.advanceTimersByTime(5000));
    await waitFor(() => expect(orderPolls(fetchStub)).toBe(3));

    // the badge keeps counting on the other tabs of the menu
    fireEvent.click(screen.getByRole('tab', { name: 'Structure' }));
    await waitFor(() => expect(currentPath(router)).toBe('/menus/3/structure'));
    act(() => vi.advanceTimersByTime(5000));
    await waitFor(() => expect(orderPolls(fetchStub)).toBe(4));

    await act(() => router.navigate('/menus'));
    await screen.findByTestId('menu-row-3');
    act(() => vi.advanceTimersByTime(20_000));
    expect(orderPolls(fetchStub)).toBe(4);
  });

  it('stops polling when the console is closed (unmounted)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { fetchStub, unmount } = await openOrders([mona]);
    await screen.findByTestId('order-1');
    await waitFor(() => expect(orderPolls(fetchStub)).toBe(1));
    unmount();
    act(() => vi.advanceTimersByTime(20_000));
    expect(orderPolls(fetchStub)).toBe(1);
  });

  it('logs a failed poll, keeps the list shown, and polls again 5000 ms later', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let isDown = false;
    setToken('t');
    const fetchStub = stubServer(
      menusServer([lunch], [mona], (method, path) =>
        isDown && method === 'GET' && path === '/shopping_cart/orders/3'
          ? { status: 500, json: { status: 0, msg: 'Server error' } }
          : undefined,
      ),
    );
    renderApp('/menus/3/orders');
    await screen.findByTestId('order-1');
    isDown = true;
    act(() => vi.advanceTimersByTime(5000));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]?.[0])).toContain('orders of menu 3');
    expect(screen.getByTestId('order-1')).toBeDefined();
    // nothing else tells the owner: no toast, no alert
    expect(screen.queryByText('Server error')).toBeNull();
    isDown = false;
    act(() => vi.advanceTimersByTime(5000));
    await waitFor(() => expect(orderPolls(fetchStub)).toBe(3));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('order-1')).toBeDefined();
  });
});
