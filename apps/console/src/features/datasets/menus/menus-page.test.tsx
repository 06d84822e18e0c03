import { menuFixedFields } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token.ts';
import { currentPath, renderApp, stubServer } from '../../../test/render-app.tsx';
import { callsTo, chooseOption, datasetRecord } from '../fake-datasets-server.ts';
import { menuRecord, menusServer } from './fake-menus-server.ts';

const lunch = menuRecord(3, 'Lunch', 14, 2.5);
const calories = { name: 'calories', type: 'number', permission: 'rw' } as const;

const savesOf = (fetchStub: ReturnType<typeof stubServer>) => callsTo(fetchStub, '/api/dataset/save/');

afterEach(() => vi.unstubAllGlobals());

/** The server's 422 answer with field errors. */
const invalidData = (errors: Record<string, string[]>) => ({
  status: 422,
  json: { status: 0, msg: 'The given data was invalid.', errors },
});

describe('menus list', () => {
  it('is reached from the sidebar and lists the menus (type menu) with links to their forms', async () => {
    setToken('t');
    const fetchStub = stubServer(menusServer([lunch]));
    const { router } = renderApp('/dashboard');
    fireEvent.click(within(await screen.findByTestId('sidebar')).getByRole('link', { name: 'Menus' }));
    await waitFor(() => expect(currentPath(router)).toBe('/menus'));
    expect(await screen.findByRole('heading', { name: 'Menus' })).toBeDefined();
    const row = await screen.findByTestId('menu-row-3');
    expect(within(row).getByText('Lunch').getAttribute('dir')).toBe('auto');
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/menus/3');
    expect(callsTo(fetchStub, '/api/dataset/get/public/')[0]).toEqual({
      url: '/api/dataset/get/public/1',
      body: { type: 'menu', keywords: '' },
    });
    expect(screen.getByRole('link', { name: 'Add menu' }).getAttribute('href')).toBe('/menus/0');
  });

  it('says which responses use a menu when the server refuses to delete it, of a menu, in Arabic too', async () => {
    setToken('t');
    const users = 'response of command "order"';
    const refusal = { status: 409, json: { status: 0, msg: `The dataset is used by ${users}` } };
    stubServer(
      menusServer([lunch], [], (_method, path) => (path === '/dataset/delete/3' ? refusal : undefined)),
    );
    const english = renderApp('/menus');
    fireEvent.click(within(await screen.findByTestId('menu-row-3')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Do you really need to delete Lunch ?')).toBeDefined();
    fireEvent.click(screen.getByTestId('confirm-delete'));
    expect(await screen.findByText(`The menu is used by ${users}`)).toBeDefined();
    english.unmount();

    renderApp('/menus', 'ar');
    fireEvent.click(within(await screen.findByTestId('menu-row-3')).getByRole('button', { name: 'حذف' }));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByText(`القائمة مستخدمة في ${users}`)).toBeDefined();
  });
});

describe('menu form', () => {
  it('creates a menu with its five read-only fields, another field, tax and shipping, then opens it', async () => {
    setToken('t');
    const created = menuRecord(9, 'Lunch', 14, 2.5);
    const fetchStub = stubServer(
      menusServer([created], [], (method, path) =>
        method === 'POST' && path === '/dataset/save/0'
          ? { json: { status: 1, id: 9, data: created } }
          : undefined,
      ),
    );
    const { router } = renderApp('/menus/0');
    await waitFor(() => expect(currentPath(router)).toBe('/menus/0/structure'));
    expect(await screen.findByRole('heading', { name: 'New menu' })).toBeDefined();
    for (const field of menuFixedFields) {
      const row = screen.getByTestId(`field-row-${field.name}`);
      expect(within(row).getByText('Read only')).toBeDefined();
      expect(within(row).queryByRole('button')).toBeNull();
    }
    expect(screen.getByRole('tab', { name: 'Data' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('tab', { name: 'Orders' }).hasAttribute('disabled')).toBe(true);
    // a menu's added fields are read-write: no permission to choose
    expect(within(screen.getByTestId('field-editor')).queryByLabelText('Permission')).toBeNull();

    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: 'calories' } });
    await chooseOption('Type', 'Number');
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByTestId('field-row-calories')).toBeDefined();

    fireEvent.change(screen.getByRole('textbox', { name: /^Menu name/ }), { target: { value: ' Lunch ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Tax (%)' }), { target: { value: '14' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Shipping (%)' }), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(router)).toBe('/menus/9/structure'), { timeout: 5000 });
    expect(savesOf(fetchStub)).toEqual([
      {
        url: '/api/dataset/save/0',
        body: {
          menu_name: 'Lunch',
          ds_type: 'menu',
          ds_status: 1,
          ds_tax: 14,
          ds_shipping: 2.5,
          ds_currency: 'EGP',
          ds_payment_method: 'cash',
          ds_schema: [...menuFixedFields, calories],
        },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Lunch' })).toBeDefined();
    expect(screen.getByRole('tab', { name: /^Orders/ }).hasAttribute('disabled')).toBe(false);
  });

  it('asks for the menu name before saving, in English and Arabic', async () => {
    setToken('t');
    const fetchStub = stubServer(menusServer([]));
    const english = renderApp('/menus/0/structure');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The menu name is required')).toBeDefined();
    english.unmount();
    renderApp('/menus/0/structure', 'ar');
    fireEvent.click(await screen.findByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('اسم القائمة مطلوب')).toBeDefined();
    expect(savesOf(fetchStub)).toEqual([]);
  });

  it('shows the server refusing the name under the name field', async () => {
    setToken('t');
    const refusal = invalidData({ menu_name: ['The menu name is required'] });
    stubServer(
      menusServer([lunch], [], (_method, path) => (path === '/dataset/save/3' ? refusal : undefined)),
    );
    renderApp('/menus/3/structure');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: /^Menu name/ });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The menu name is required')).toBeDefined();
  });

  it('refuses a tax above 100 %', async () => {
    setToken('t');
    const fetchStub = stubServer(menusServer([lunch]));
    renderApp('/menus/3/structure');
    const tax = (await screen.findByDisplayValue('14')) as HTMLInputElement;
    fireEvent.change(tax, { target: { value: '140' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a percentage from 0 to 100')).toBeDefined();
    expect(savesOf(fetchStub)).toEqual([]);
  });

  it("opens a menu's tax and shipping, saves them with the name, and opens the data tab", async () => {
    setToken('t');
    const fetchStub = stubServer(menusServer([lunch]));
    const { router } = renderApp('/menus/3');
    await waitFor(() => expect(currentPath(router)).toBe('/menus/3/structure'));
    expect(await screen.findByDisplayValue('Lunch')).toBeDefined();
    expect(within(screen.getByTestId('breadcrumbs')).getByText('Menus')).toBeDefined();
    expect(await within(screen.getByTestId('breadcrumbs')).findByText('Lunch')).toBeDefined();
    fireEvent.change(screen.getByDisplayValue('2.5'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('successfully updated')).toBeDefined();
    expect(savesOf(fetchStub)).toEqual([
      {
        url: '/api/dataset/save/3',
        body: {
          menu_name: 'Lunch',
          ds_type: 'menu',
          ds_status: 1,
          ds_tax: 14,
          ds_shipping: 3,
          ds_currency: 'EGP',
          ds_payment_method: 'cash',
        },
      },
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Data' }));
    await waitFor(() => expect(currentPath(router)).toBe('/menus/3/data'));
    expect(await screen.findByTestId('records-grid')).toBeDefined();
    await waitFor(() =>
      expect(callsTo(fetchStub, '/api/dataset/get-with-keys').at(-1)?.body).toMatchObject({ ds_id: 3 }),
    );
  });

  it("saves the menu's currency and payment method, and opens them again", async () => {
    setToken('t');
    const fetchStub = stubServer(menusServer([lunch]));
    const first = renderApp('/menus/3/structure');
    expect(await screen.findByDisplayValue('Lunch')).toBeDefined();
    expect((screen.getByRole('combobox', { name: 'Currency' }) as HTMLInputElement).value).toBe(
      'EGP — Egyptian pound',
    );
    expect((screen.getByRole('combobox', { name: 'Payment method' }) as HTMLInputElement).value).toBe('Cash');
    await chooseOption('Currency', 'USD — US dollar');
    await chooseOption('Payment method', 'Visa');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('successfully updated')).toBeDefined();
    expect(savesOf(fetchStub).map((call) => call.body)).toEqual([
      {
        menu_name: 'Lunch',
        ds_type: 'menu',
        ds_status: 1,
        ds_tax: 14,
        ds_shipping: 2.5,
        ds_currency: 'USD',
        ds_payment_method: 'visa',
      },
    ]);
    first.unmount();

    // the saved menu opens with them, in Arabic too (the contract's RSA reads as the Saudi riyal)
    renderApp('/menus/3/structure', 'ar');
    expect(await screen.findByDisplayValue('Lunch')).toBeDefined();
    expect((screen.getByRole('combobox', { name: 'العملة' }) as HTMLInputElement).value).toBe('دولار أمريكي');
    expect((screen.getByRole('combobox', { name: 'طريقة الدفع' }) as HTMLInputElement).value).toBe('فيزا');
    await chooseOption('العملة', 'ر.س — ريال سعودي');
    await chooseOption('طريقة الدفع', 'نقدًا');
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(savesOf(fetchStub)).toHaveLength(2));
    expect(savesOf(fetchStub)[1]?.body).toMatchObject({ ds_currency: 'RSA', ds_payment_method: 'cash' });
  });

  it('shows the server refusing a currency under the currency field, in Arabic', async () => {
    setToken('t');
    const refusal = invalidData({ ds_currency: ['Please choose EGP, RSA or USD'] });
    stubServer(
      menusServer([lunch], [], (_method, path) => (path === '/dataset/save/3' ? refusal : undefined)),
    );
    renderApp('/menus/3/structure', 'ar');
    expect(await screen.findByDisplayValue('Lunch')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    const currency = screen.getByRole('combobox', { name: 'العملة' });
    await waitFor(() => expect(currency.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText('الرجاء اختيار الجنيه المصري أو الريال السعودي أو الدولار الأمريكي'),
    ).toBeDefined();
  });

  it('goes to /404 for an id that is not a number, and for a dataset that is not a menu', async () => {
    setToken('t');
    stubServer(menusServer([lunch, datasetRecord(5, 'Branches')]));
    for (const path of ['/menus/abc', '/menus/3x/orders', '/menus/5/structure', '/dataset/3/structure']) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(currentPath(router)).toBe('/404'));
      unmount();
    }
  });
});
