import type { AdvertiseRecord } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { currentPath, renderAt, stubServer } from '../../test/render-app.tsx';
import { AdvertisesTab } from './advertises-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const tabPath = '/services/2/commands/3/advertises';

function ad(id: number, code: string, overrides: Partial<AdvertiseRecord> = {}): AdvertiseRecord {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id,
    command_id: 3,
    code,
    status: 1,
    random: 0,
    random_ratio: '10',
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

function renderTab(path = tabPath, language: 'en' | 'ar' = 'en') {
  setToken('t');
  return renderAt(
    <Routes>
      <Route path="/services/:serviceId/commands/:commandId/advertises" element={<AdvertisesTab />} />
      <Route path="/services/:serviceId/commands/advertises" element={<AdvertisesTab />} />
      <Route path="/404" element={<p>not found page</p>} />
    </Routes>,
    path,
    language,
  );
}

/** A fake server holding the command's ads. */
function adsServer(initial: AdvertiseRecord[]) {
  const stored = [...initial];
  let nextId = 100;
  return stubServer((method, path, body) => {
    if (method === 'GET' && path === '/command_advertises/get/3')
      return { json: { status: 1, data: stored } };
    if (method === 'POST' && path === '/command_advertises/save/3') {
      for (const item of (body as { data: Array<{ id?: number; code: string }> }).data) {
        if (item.id === undefined) {
          nextId += 1;
          stored.push(ad(nextId, item.code));
        } else Object.assign(stored.find((row) => row.id === item.id) ?? {}, { code: item.code });
      }
      return { json: { status: 1, data: stored } };
    }
    if (method === 'DELETE') return { json: { status: 1 } };
    return { status: 404, json: { status: 0, msg: 'Not found' } };
  });
}

const cards = () => screen.findAllByTestId('advertise-card');

describe('advertises tab', () => {
  it('shows saved ads read-only with Edit and Delete, switches and ratio disabled', async () => {
    adsServer([ad(1, '<b>Sale</b>', { random: 1, random_ratio: '40' })]);
    renderTab();
    const [card] = await cards();
    if (!card) throw new Error('no card');
    expect((within(card).getByLabelText('Code (text or HTML)') as HTMLTextAreaElement).readOnly).toBe(true);
    expect(within(card).getByText('Random ratio: 40%')).toBeDefined();
    expect((within(card).getByRole('switch', { name: 'Status' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('adds one empty ad in edit mode when the command has none', async () => {
    adsServer([]);
    renderTab();
    const [card] = await cards();
    if (!card) throw new Error('no card');
    expect((within(card).getByRole('switch', { name: 'Status' }) as HTMLInputElement).checked).toBe(false);
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeDefined();
  });

  it('refuses to save empty code, then saves and shows the ad read-only', async () => {
    const fetchStub = adsServer([]);
    renderTab();
    const [card] = await cards();
    if (!card) throw new Error('no card');
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('the code field is required')).toBeDefined();
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes('/save/'))).toBe(false);
    fireEvent.change(within(card).getByLabelText('Code (text or HTML)'), { target: { value: '<i>New</i>' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('button', { name: 'Edit' })).toBeDefined();
    expect(within(card).getByText('Ad #101')).toBeDefined();
    const save = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/command_advertises/save/3'));
    expect(JSON.parse(String(save?.[1]?.body))).toEqual({
      data: [{ code: '<i>New</i>', status: 0, random: 0, random_ratio: 10 }],
    });
  });

  it('adds a new ad with Add advertise and removes an unsaved one locally with Cancel', async () => {
    const fetchStub = adsServer([ad(1, 'a')]);
    renderTab();
    await cards();
    fireEvent.click(screen.getByRole('button', { name: 'Add advertise' }));
    expect(await cards()).toHaveLength(2);
    const added = (await cards())[1];
    if (!added) throw new Error('no card');
    fireEvent.click(within(added).getByRole('button', { name: 'Cancel' }));
    await waitFor(async () => expect(await cards()).toHaveLength(1));
    expect(fetchStub.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('deletes a saved ad only when the server answers status 1', async () => {
    let deleteStatus = 0;
    stubServer((method, path) => {
      if (method === 'DELETE')
        return { json: deleteStatus ? { status: 1 } : { status: 0, msg: 'Not found' } };
      return path === '/command_advertises/get/3'
        ? { json: { status: 1, data: [ad(1, 'a'), ad(2, 'b')] } }
        : { json: {} };
    });
    renderTab();
    const [first] = await cards();
    if (!first) throw new Error('no card');
    fireEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByText('Not found').length).toBeGreaterThan(0));
    expect(await cards()).toHaveLength(2);
    deleteStatus = 1;
    fireEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await cards()).toHaveLength(1));
    expect(screen.getByText('Ad #2')).toBeDefined();
  });

  it('goes to /404 for a non-numeric id and when the load fails', async () => {
    stubServer(() => ({ status: 404, json: { status: 0, msg: 'Not found' } }));
    const bad = renderTab('/services/2/commands/abc/advertises');
    await waitFor(() => expect(currentPath(bad.router)).toBe('/404'));
    bad.unmount();
    const failed = renderTab();
    await waitFor(() => expect(currentPath(failed.router)).toBe('/404'));
  });

  it('labels the card in Arabic', async () => {
    adsServer([ad(1, 'a')]);
    renderTab(tabPath, 'ar');
    const [card] = await cards();
    if (!card) throw new Error('no card');
    expect(within(card).getByRole('button', { name: 'تعديل' })).toBeDefined();
    expect(within(card).getByLabelText('الكود (نص أو HTML)')).toBeDefined();
  });
});
