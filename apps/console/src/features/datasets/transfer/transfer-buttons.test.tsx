import { datasetMessages } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token.ts';
import { type FakeServer, renderAt, stubServer } from '../../../test/render-app.tsx';
import { transferServer } from './fake-transfer-server.ts';
import { DatasetTransferButtons } from './transfer-buttons.tsx';

const MENU_CSV = 'Name,Cost\nMargherita,50\nPepperoni,cheap\nTuna,70\n';
const PRICED_CSV = 'Name,Price\nMargherita,50\nPepperoni,cheap\nTuna,70\n';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderButtons(server: FakeServer) {
  setToken('t');
  const fetchStub = stubServer(server);
  const onImported = vi.fn();
  renderAt(<DatasetTransferButtons datasetId={7} datasetName="Menu" onImported={onImported} />);
  return { fetchStub, onImported };
}

/** The JSON bodies sent to one call, oldest first. */
function bodiesOf(fetchStub: ReturnType<typeof stubServer>, path: string) {
  return fetchStub.mock.calls
    .filter(([url]) => String(url) === `/api${path}`)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function openImportWith(file: File) {
  fireEvent.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import records from a file' });
  fireEvent.change(within(dialog).getByTestId('import-file-input'), { target: { files: [file] } });
  return dialog;
}

const csvFile = (text: string, name = 'menu.csv') => new File([text], name, { type: 'text/csv' });
const importButton = (dialog: HTMLElement) =>
  within(dialog).getAllByRole('button', { name: 'Import' }).at(-1) as HTMLButtonElement;

describe('importing records', () => {
  it('previews a file: each column with its field or skip, the first records and the refused rows with why', async () => {
    const { fetchStub } = renderButtons(transferServer());
    const dialog = await openImportWith(csvFile(PRICED_CSV));

    expect(await within(dialog).findByText('3 rows: 2 can be imported, 1 refused')).toBeDefined();
    expect(bodiesOf(fetchStub, '/dataset/import/preview/7')).toEqual([
      { format: 'csv', content: PRICED_CSV },
    ]);
    const mapping = within(dialog).getByRole('table', { name: 'Columns and fields' });
    expect(
      (within(mapping).getByRole('combobox', { name: 'Field for column Name' }) as HTMLInputElement).value,
    ).toBe('name');
    expect(
      (within(mapping).getByRole('combobox', { name: 'Field for column Price' }) as HTMLInputElement).value,
    ).toBe('price');

    const sample = within(dialog).getByRole('table', { name: 'First records as they will be stored' });
    expect(within(sample).getByText('Margherita')).toBeDefined();
    expect(within(sample).getByText('70')).toBeDefined();
    const refused = within(dialog).getByRole('table', { name: 'Refused rows' });
    const [, line] = within(refused).getAllByRole('row');
    expect(
      within(line as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'price', 'Please enter a number']);
  });

  it('previews again with the whole mapping when a column is given another field', async () => {
    const { fetchStub } = renderButtons(transferServer());
    const dialog = await openImportWith(csvFile(MENU_CSV));
    await within(dialog).findByText('3 rows: 3 can be imported, 0 refused');
    const cost = within(dialog).getByRole('combobox', { name: 'Field for column Cost' }) as HTMLInputElement;
    expect(cost.value).toBe('Skip');

    fireEvent.click(cost);
    fireEvent.click(await screen.findByRole('option', { name: 'price' }));
    expect(await within(dialog).findByText('3 rows: 2 can be imported, 1 refused')).toBeDefined();
    expect(bodiesOf(fetchStub, '/dataset/import/preview/7').at(-1)).toEqual({
      format: 'csv',
      content: MENU_CSV,
      mapping: { Name: 'name', Cost: 'price' },
    });
    expect(cost.value).toBe('price');
  });

  it('says which location forms it reads, pairs lat and lng into the place and previews it latitude first', async () => {
    const imports: unknown[] = [];
    renderButtons(transferServer(imports));
    const content = 'Name,lat,lng\nTahrir,30.0444,31.2357\n';
    const dialog = await openImportWith(csvFile(content));
    expect(within(dialog).getByTestId('import-location-forms').textContent).toContain(
      'Locations: lat,lng, lat lng or lat;lng, latitude first (30.0444,31.2357); GeoJSON;',
    );
    await within(dialog).findByText('1 rows: 1 can be imported, 0 refused');
    const latitude = within(dialog).getByRole('combobox', {
      name: 'Field for column lat',
    }) as HTMLInputElement;
    expect(latitude.value).toBe('place (latitude)');
    const sample = within(dialog).getByRole('table', { name: 'First records as they will be stored' });
    // as the records grid shows a location without an address: latitude, then longitude
    expect(within(sample).getByText('30.0444, 31.2357')).toBeDefined();

    fireEvent.click(importButton(dialog));
    await screen.findByText('Records imported: 1');
    expect(imports).toEqual([
      {
        format: 'csv',
        content,
        mapping: {
          Name: 'name',
          lat: { field: 'place', part: 'latitude' },
          lng: { field: 'place', part: 'longitude' },
        },
        skip_refused: false,
      },
    ]);
  });

  it('sends a column chosen as a location half as the field and its half', async () => {
    const { fetchStub } = renderButtons(transferServer());
    const dialog = await openImportWith(csvFile('Name,y,x\nTahrir,30.0444,31.2357\n'));
    await within(dialog).findByText('1 rows: 1 can be imported, 0 refused');
    for (const [column, option] of [
      ['y', 'place (latitude)'],
      ['x', 'place (longitude)'],
    ] as const) {
      const select = within(dialog).getByRole('combobox', { name: `Field for column ${column}` });
      fireEvent.click(select);
      fireEvent.click(await screen.findByRole('option', { name: option }));
      await waitFor(() => expect((select as HTMLInputElement).value).toBe(option));
    }
    await waitFor(() =>
      expect(bodiesOf(fetchStub, '/dataset/import/preview/7').at(-1)?.mapping).toEqual({
        Name: 'name',
        y: { field: 'place', part: 'latitude' },
        x: { field: 'place', part: 'longitude' },
      }),
    );
    const sample = await within(dialog).findByRole('table', { name: 'First records as they will be stored' });
    expect(await within(sample).findByText('30.0444, 31.2357')).toBeDefined();
  });

  it('blocks the import while rows are refused until "skip refused rows" is ticked, then imports and says how many', async () => {
    const imports: unknown[] = [];
    const { onImported } = renderButtons(transferServer(imports));
    const dialog = await openImportWith(csvFile(PRICED_CSV));
    await within(dialog).findByText('3 rows: 2 can be imported, 1 refused');
    expect(importButton(dialog).disabled).toBe(true);

    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Skip the refused rows (1) and import the others' }),
    );
    expect(importButton(dialog).disabled).toBe(false);
    fireEvent.click(importButton(dialog));

    expect(await screen.findByText('Records imported: 2')).toBeDefined();
    expect(imports).toEqual([
      { format: 'csv', content: PRICED_CSV, mapping: { Name: 'name', Price: 'price' }, skip_refused: true },
    ]);
    expect(onImported).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the rows an import refused (422) with their row, field and reason', async () => {
    const server = transferServer();
    // the dataset changed after the preview: the import refuses a row the preview accepted
    const refusal = {
      status: 422,
      json: {
        status: 0,
        msg: datasetMessages.importRowsRefused,
        errors: { 'rows.2.price': [datasetMessages.numberInvalid] },
      },
    };
    const { onImported } = renderButtons((method, path, body) =>
      path === '/dataset/import/7' ? refusal : server(method, path, body),
    );
    const dialog = await openImportWith(csvFile(MENU_CSV));
    await within(dialog).findByText('3 rows: 3 can be imported, 0 refused');
    fireEvent.click(importButton(dialog));

    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText(datasetMessages.importRowsRefused)).toBeDefined();
    const rows = within(within(alert).getByRole('table', { name: 'Rows the import refused' })).getAllByRole(
      'row',
    );
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'price', 'Please enter a number']);
    expect(onImported).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeDefined();
  });

  it('refuses a file over 8 MB, or one that is not CSV or JSON, before sending it', async () => {
    const { fetchStub } = renderButtons(transferServer());
    const huge = csvFile(PRICED_CSV);
    Object.defineProperty(huge, 'size', { value: 8 * 1024 * 1024 + 1 });
    const dialog = await openImportWith(huge);
    expect(await within(dialog).findByText('The file is larger than 8 MB')).toBeDefined();

    fireEvent.change(within(dialog).getByTestId('import-file-input'), {
      target: { files: [new File(['GIF89a'], 'picture.gif', { type: 'image/gif' })] },
    });
    expect(await within(dialog).findByText('Please choose a .csv or .json file')).toBeDefined();
    expect(bodiesOf(fetchStub, '/dataset/import/preview/7')).toEqual([]);
    expect(importButton(dialog).disabled).toBe(true);
  });

  it('shows why the server could not read the file', async () => {
    renderButtons((method, path, body) =>
      path === '/dataset/import/preview/7'
        ? {
            status: 422,
            json: {
              status: 0,
              msg: 'The given data was invalid.',
              errors: { content: ['The file is not a JSON list of records'] },
            },
          }
        : transferServer()(method, path, body),
    );
    const dialog = await openImportWith(new File(['{"a": 1}'], 'records.json', { type: 'application/json' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The file is not a JSON list of records');
  });
});

describe('exporting records', () => {
  function stubExport(answer: Response) {
    const fetchStub = vi.fn(async () => answer);
    vi.stubGlobal('fetch', fetchStub);
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          const url = `blob:test/${blobs.size}`;
          blobs.set(url, blob);
          return url;
        },
        revokeObjectURL: () => {},
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
    });
    return { fetchStub, saved };
  }

  it('downloads the CSV through the signed-in client under the name the server gives', async () => {
    setToken('t');
    renderAt(<DatasetTransferButtons datasetId={7} datasetName="Menu" onImported={() => {}} />);
    const csv = '\uFEFFname,price\nMargherita,50\n';
    const { fetchStub, saved } = stubExport(
      new Response(csv, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="_.csv"; filename*=UTF-8''${encodeURIComponent('قائمة.csv')}`,
        },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV file' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/dataset/export/7?format=csv');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t');
    expect(saved[0]?.name).toBe('قائمة.csv');
    // the bytes as sent, byte-order mark included (spreadsheets read the Arabic by it)
    const bytes = new Uint8Array(await (saved[0] as { blob: Blob }).blob.arrayBuffer());
    expect(Array.from(bytes)).toEqual(Array.from(new TextEncoder().encode(csv)));
  });

  it('names a JSON download after the dataset when the server names none, and says when it failed', async () => {
    setToken('t');
    renderAt(<DatasetTransferButtons datasetId={7} datasetName="Menu" onImported={() => {}} />);
    const { saved } = stubExport(
      new Response('[{"name":"Tuna"}]', { headers: { 'Content-Type': 'application/json' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'JSON file' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['Menu.json']));

    stubExport(new Response(JSON.stringify({ status: 0, msg: 'Not found' }), { status: 404 }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'JSON file' }));
    expect(await screen.findByText('Not found')).toBeDefined();
  });
});
