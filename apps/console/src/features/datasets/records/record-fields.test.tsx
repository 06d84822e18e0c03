import type { DatasetField } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token.ts';
import { renderAt, stubServer } from '../../../test/render-app.tsx';
import { recordRow, recordsServer, UPLOADED_URL } from './fake-records-server.ts';
import { DatasetRecordsTab } from './records-tab.tsx';

const schema: DatasetField[] = [
  { name: 'price', type: 'number', permission: 'rw' },
  { name: 'photo', type: 'image', permission: 'rw' },
  { name: 'branch', type: 'location', permission: 'rw' },
  { name: 'tags', type: 'list', permission: 'rw' },
];
const shop = recordRow(1, {
  price: 12,
  photo: 'https://example.com/a.png',
  branch: { type: 'Point', coordinates: [31.2357, 30.0444], address: 'Tahrir' },
  tags: ['hot', 'new'],
});

function insertBodies(fetchStub: ReturnType<typeof stubServer>) {
  return fetchStub.mock.calls
    .filter(([url]) => String(url) === '/api/dataset/insert_data')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function openAddForm(records = [shop]) {
  setToken('t');
  const fetchStub = stubServer(recordsServer(schema, records));
  renderAt(<DatasetRecordsTab datasetId={7} />);
  await screen.findByTestId('record-row-1');
  fireEvent.click(screen.getByRole('button', { name: 'Add record' }));
  const form = await screen.findByRole('form', { name: 'Add a record' });
  return { fetchStub, form };
}

function imageFile(name: string, type: string, size = 100) {
  const file = new File([new Uint8Array(8)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const save = (form: HTMLElement) => fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

afterEach(() => vi.unstubAllGlobals());

describe('record cells', () => {
  it('shows a thumbnail, tags, a number and a location by its address', async () => {
    setToken('t');
    stubServer(
      recordsServer(schema, [
        shop,
        recordRow(2, { branch: { type: 'Point', coordinates: [31.2, 30.1], address: '' } }),
      ]),
    );
    renderAt(<DatasetRecordsTab datasetId={7} />);
    const row = await screen.findByTestId('record-row-1');
    const thumbnail = within(row).getByRole('img', { name: 'photo' });
    expect(thumbnail.getAttribute('src')).toBe('https://example.com/a.png');
    expect(within(row).getByText('hot')).toBeDefined();
    expect(within(row).getByText('new')).toBeDefined();
    expect(within(row).getByText('12')).toBeDefined();
    expect(within(row).getByText('Tahrir')).toBeDefined();
    expect(within(screen.getByTestId('record-row-2')).getByText('30.1, 31.2')).toBeDefined();
  });
});

describe('number cells', () => {
  it('let digits, a leading minus and one decimal point in, never letters', async () => {
    const { fetchStub, form } = await openAddForm();
    const price = within(form).getByRole('textbox', { name: 'price' }) as HTMLInputElement;
    fireEvent.change(price, { target: { value: 'abc' } });
    expect(price.value).toBe('');
    fireEvent.change(price, { target: { value: '-12a.5.0e3' } });
    expect(price.value).toBe('-12.503');
    fireEvent.change(price, { target: { value: '4-2' } });
    expect(price.value).toBe('42');
    save(form);
    await screen.findByText('successfully added');
    expect(insertBodies(fetchStub)[0].record.price).toBe(42);
  });

  it('refuse a number left unfinished with the contract message', async () => {
    const { fetchStub, form } = await openAddForm();
    fireEvent.change(within(form).getByRole('textbox', { name: 'price' }), { target: { value: '-' } });
    save(form);
    expect(await within(form).findByText('Please enter a number')).toBeDefined();
    expect(insertBodies(fetchStub)).toEqual([]);
  });
});

describe('image cells', () => {
  it('take a pasted http(s) link and refuse any other', async () => {
    const { fetchStub, form } = await openAddForm();
    const link = within(form).getByRole('textbox', { name: 'Image link of photo' });
    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
    save(form);
    expect(await within(form).findByText('An image is an http or https link')).toBeDefined();
    fireEvent.change(link, { target: { value: 'https://cdn.example.com/p.jpg' } });
    expect(within(form).getByRole('img', { name: 'photo' }).getAttribute('src')).toBe(
      'https://cdn.example.com/p.jpg',
    );
    save(form);
    await screen.findByText('successfully added');
    expect(insertBodies(fetchStub)[0].record.photo).toBe('https://cdn.example.com/p.jpg');
  });

  it('upload a png through the dataset upload and keep its address', async () => {
    const { fetchStub, form } = await openAddForm();
    const png = imageFile('shop.png', 'image/png');
    fireEvent.change(fileInput(), { target: { files: [png] } });
    const link = within(form).getByRole('textbox', { name: 'Image link of photo' }) as HTMLInputElement;
    await waitFor(() => expect(link.value).toBe(UPLOADED_URL));
    const upload = fetchStub.mock.calls.find(([url]) => String(url) === '/api/upload-image/dataset');
    const body = upload?.[1]?.body as FormData;
    expect(upload?.[1]?.method).toBe('POST');
    expect(body.get('image')).toBe(png);
    save(form);
    await screen.findByText('successfully added');
    expect(insertBodies(fetchStub)[0].record.photo).toBe(UPLOADED_URL);
  });

  it('refuse another file type and a file over 3 MB before sending anything', async () => {
    const { fetchStub, form } = await openAddForm();
    fireEvent.change(fileInput(), { target: { files: [imageFile('anim.gif', 'image/gif')] } });
    expect(await within(form).findByText('This file type is not supported')).toBeDefined();
    fireEvent.change(fileInput(), {
      target: { files: [imageFile('huge.jpg', 'image/jpeg', 3 * 1024 * 1024 + 1)] },
    });
    expect(await within(form).findByText('The file size exceeds the limit')).toBeDefined();
    const uploads = fetchStub.mock.calls.filter(([url]) => String(url).startsWith('/api/upload-image'));
    expect(uploads).toEqual([]);
  });
});

describe('location cells', () => {
  it('send the typed latitude, longitude and address as a point, longitude first', async () => {
    const { fetchStub, form } = await openAddForm();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Latitude' }), {
      target: { value: '29.9792' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Longitude' }), {
      target: { value: '31.1342x' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Address' }), { target: { value: 'Giza' } });
    save(form);
    await screen.findByText('successfully added');
    expect(insertBodies(fetchStub)[0].record.branch).toEqual({
      type: 'Point',
      coordinates: [31.1342, 29.9792],
      address: 'Giza',
    });
  });

  it('refuse a latitude beyond 90', async () => {
    const { fetchStub, form } = await openAddForm();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Latitude' }), { target: { value: '91' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Longitude' }), { target: { value: '31' } });
    save(form);
    expect(
      await within(form).findByText(
        'A location needs a longitude from -180 to 180 and a latitude from -90 to 90',
      ),
    ).toBeDefined();
    expect(insertBodies(fetchStub)).toEqual([]);
  });

  it('open the map on demand, where a click sets the point', async () => {
    const { form } = await openAddForm();
    expect(screen.queryByTestId('location-map')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Pick on the map' }));
    const map = await screen.findByTestId('location-map');
    await waitFor(() => expect(map.classList.contains('leaflet-container')).toBe(true));
    fireEvent.click(map, { clientX: 0, clientY: 0 });
    const latitude = within(form).getByRole('textbox', { name: 'Latitude' }) as HTMLInputElement;
    await waitFor(() => expect(latitude.value).not.toBe(''));
    expect(Number(latitude.value)).toBeCloseTo(30.04, 1);
    const longitude = within(form).getByRole('textbox', { name: 'Longitude' }) as HTMLInputElement;
    expect(Number(longitude.value)).toBeCloseTo(31.24, 1);
  });

  it('fill the inputs with a record being edited', async () => {
    setToken('t');
    stubServer(recordsServer(schema, [shop]));
    renderAt(<DatasetRecordsTab datasetId={7} />);
    const row = await screen.findByTestId('record-row-1');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit record' }));
    const form = await screen.findByRole('form', { name: 'Edit the record' });
    expect((within(form).getByRole('textbox', { name: 'Latitude' }) as HTMLInputElement).value).toBe(
      '30.0444',
    );
    expect((within(form).getByRole('textbox', { name: 'Longitude' }) as HTMLInputElement).value).toBe(
      '31.2357',
    );
    expect((within(form).getByRole('textbox', { name: 'Address' }) as HTMLInputElement).value).toBe('Tahrir');
  });
});
