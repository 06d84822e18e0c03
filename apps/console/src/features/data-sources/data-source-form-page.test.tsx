import { dataSourceMessages } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import en from '../../locales/en.json';
import { currentPath, type FakeServer, renderApp, stubServer } from '../../test/render-app.tsx';

const shop = {
  data_source_id: 7,
  deleted_at: null,
  entity: {
    name: 'Shop',
    driver: 'MYSQL',
    dbname: 'shop',
    host: 'db.example.com',
    username: 'reader',
    port: null,
    sid: '',
    has_password: true,
  },
  created_at: '2026-11-24T08:00:00.000Z',
  updated_at: '2026-11-24T08:00:00.000Z',
};

/** Answers browse, ?all and get_tables_name for `shop`; `save` answers the save calls. */
function dataSourceServer(
  save: FakeServer,
  tables: { status: number; data: string[]; msg?: string },
): FakeServer {
  return (method, path, body) => {
    if (path === '/data_sources/browse/7') return { json: { status: 1, data: shop } };
    if (path === '/data_sources?all') return { json: { status: 1, data: [shop] } };
    if (path === '/data_sources/get_tables_name') return { json: tables };
    if (path.startsWith('/data_sources/save/')) return save(method, path, body);
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  };
}

const savesOf = (fetchStub: ReturnType<typeof stubServer>) =>
  fetchStub.mock.calls
    .filter(([url]) => String(url).startsWith('/api/data_sources/save/'))
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));

async function chooseDriver(option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: /Driver/ }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => vi.unstubAllGlobals());

describe('data source form', () => {
  it('lists Oracle and SQLite disabled and shows the port from the start', async () => {
    setToken('t');
    stubServer(dataSourceServer(() => ({ json: {} }), { status: 1, data: [] }));
    renderApp('/datasources/0');
    await screen.findByRole('heading', { name: 'New data source' });
    expect((screen.getByLabelText(/Port/) as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('combobox', { name: /Driver/ }));
    for (const disabled of ['Oracle', 'SQLite']) {
      expect(
        (await screen.findByRole('option', { name: disabled })).hasAttribute('data-combobox-disabled'),
      ).toBe(true);
    }
    expect(screen.getByRole('option', { name: 'PostgreSQL' }).hasAttribute('data-combobox-disabled')).toBe(
      false,
    );
    fireEvent.click(screen.getByRole('option', { name: 'PostgreSQL' }));
    expect((await screen.findByLabelText(/Port/)).getAttribute('placeholder')).toBe('5432');
  });

  it("fills the driver's default port when a driver is chosen, unless the owner typed a port", async () => {
    setToken('t');
    stubServer(dataSourceServer(() => ({ json: {} }), { status: 1, data: [] }));
    renderApp('/datasources/0');
    await screen.findByRole('heading', { name: 'New data source' });
    const port = () => (screen.getByLabelText(/Port/) as HTMLInputElement).value;
    for (const [driver, expected] of [
      ['PostgreSQL', '5432'],
      ['MySQL', '3306'],
      ['MS SQL Server', '1433'],
    ] as const) {
      await chooseDriver(driver);
      await waitFor(() => expect(port()).toBe(expected));
    }
    fill(/Port/, '6543');
    await chooseDriver('PostgreSQL');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /Driver/ }) as HTMLInputElement).value).toBe('PostgreSQL'),
    );
    expect(port()).toBe('6543');
  });

  it('refuses to send a form without the required fields, the port included for PostgreSQL', async () => {
    setToken('t');
    const fetchStub = stubServer(dataSourceServer(() => ({ json: {} }), { status: 1, data: [] }));
    renderApp('/datasources/0');
    await screen.findByRole('heading', { name: 'New data source' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name field is required')).toBeDefined();
    expect(screen.getByText('The driver field is required')).toBeDefined();
    expect(screen.getByText('The host field is required')).toBeDefined();
    expect(screen.getByText('The database name field is required')).toBeDefined();
    expect(screen.getByText('The username field is required')).toBeDefined();

    await chooseDriver('PostgreSQL');
    // the default port fills in; emptied, it is required
    await waitFor(() => expect((screen.getByLabelText(/Port/) as HTMLInputElement).value).toBe('5432'));
    fill(/Port/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The port field is required')).toBeDefined();
    expect(screen.getByText('The name field is required')).toBeDefined();
    fill(/Name/, 'CRM');
    fill(/Host/, 'db.example.com');
    fill(/Database name/, 'crm');
    fill(/Username/, 'reader');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The port field is required')).toBeDefined();
    fill(/Port/, '54x');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The port must be an integer from 1 to 65535')).toBeDefined();
    expect(savesOf(fetchStub)).toHaveLength(0);
  });

  it("shows the server's msg in a red alert that can be dismissed, and marks the field at fault", async () => {
    setToken('t');
    const message = dataSourceMessages.badCredentials;
    const fetchStub = stubServer(
      dataSourceServer(
        () => ({ status: 422, json: { status: 0, msg: message, errors: { password: [message] } } }),
        { status: 1, data: [] },
      ),
    );
    renderApp('/datasources/0');
    await screen.findByRole('heading', { name: 'New data source' });
    await chooseDriver('MySQL');
    fill(/Name/, 'Shop');
    fill(/Host/, 'db.example.com');
    fill(/Database name/, 'shop');
    fill(/Username/, 'reader');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByTestId('data-source-failure');
    expect(alert.textContent).toContain('The username or password is wrong');
    expect(screen.getAllByText('The username or password is wrong')).toHaveLength(2);
    expect(savesOf(fetchStub)[0]).toEqual({
      url: '/api/data_sources/save/0',
      body: {
        name: 'Shop',
        driver: 'MYSQL',
        host: 'db.example.com',
        dbname: 'shop',
        username: 'reader',
        port: '3306',
        password: '',
      },
    });
    fireEvent.click(within(alert).getByRole('button'));
    await waitFor(() => expect(screen.queryByTestId('data-source-failure')).toBeNull());
  });

  it('keeps the stored password unless a new one is typed, and goes to the saved record', async () => {
    setToken('t');
    const fetchStub = stubServer(
      dataSourceServer(
        () => ({ json: { status: 1, msg: 'successfully updated', data: { data_source_id: 7 } } }),
        {
          status: 1,
          data: ['customers', 'orders'],
        },
      ),
    );
    const { router } = renderApp('/datasources/7');
    await waitFor(() => expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Shop'));
    expect(screen.getByLabelText(/Password/).getAttribute('placeholder')).toMatch(/Unchanged/);
    fill(/Name/, 'Shop (read only)');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savesOf(fetchStub)).toHaveLength(1));
    expect(savesOf(fetchStub)[0]?.body).not.toHaveProperty('password');
    expect(currentPath(router)).toBe('/datasources/7');
    expect(await screen.findByText('customers')).toBeDefined();
  });

  it("says 'Failed connection' on the data-source field when the tables cannot be listed", async () => {
    setToken('t');
    stubServer(
      dataSourceServer(() => ({ json: {} }), {
        status: 0,
        data: [],
        msg: dataSourceMessages.connectionRefused,
      }),
    );
    renderApp('/datasources/7');
    const picker = await screen.findByTestId('data-source-picker');
    expect(picker).toBeDefined();
    expect(await screen.findByText('Failed connection')).toBeDefined();
    expect(screen.queryByTestId('data-source-tables')).toBeNull();
  });

  it("says how the operator allows a refused address: the server's English text, and in Arabic", async () => {
    setToken('t');
    const message = dataSourceMessages.addressNotAllowed;
    stubServer(
      dataSourceServer(
        () => ({ status: 422, json: { status: 0, msg: message, errors: { host: [message] } } }),
        { status: 1, data: [] },
      ),
    );
    renderApp('/datasources/7', 'ar');
    await screen.findByRole('heading', { name: 'تعديل مصدر البيانات' });
    await waitFor(() => expect((screen.getByLabelText(/الاسم/) as HTMLInputElement).value).toBe('Shop'));
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    const alert = await screen.findByTestId('data-source-failure');
    expect(alert.textContent).toBe(
      'الاتصال بالعناوين المحلية أو الخاصة غير مسموح. يستطيع مشغّل الخادم السماح بهذا العنوان عبر OUTBOUND_ALLOW',
    );
    expect(message).toBe(
      "Connections to local or private addresses are not allowed. The server's operator can allow this address with OUTBOUND_ALLOW",
    );
    expect(en.datasources.serverMessages.addressNotAllowed).toBe(message);
  });

  it('shows the form in Arabic', async () => {
    setToken('t');
    stubServer(dataSourceServer(() => ({ json: {} }), { status: 0, data: [], msg: 'Failed connection' }));
    renderApp('/datasources/7', 'ar');
    expect(await screen.findByRole('heading', { name: 'تعديل مصدر البيانات' })).toBeDefined();
    expect(await screen.findByText('فشل الاتصال')).toBeDefined();
  });
});
