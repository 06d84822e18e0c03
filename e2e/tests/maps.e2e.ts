import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import { snapPage } from '../support/browser.ts';
import { openSignedInConsole, type SignedInConsole, switchLanguage } from '../support/console.ts';
import type { RunningServer } from '../support/server.ts';

// Issue #10 item 5: a map, two locations, a delete that stays on its page, in English and Arabic.
const owner = {
  username: 'layla_mall',
  fullname: 'Layla Farouk',
  email: 'layla@example.com',
  password: 'secret-pass-1',
};
const ids = { map: 0 };

/** Waits for the console's hash route; polled, as waitForURL also waits for a load event a hash change may not give. */
const routeReaches = (page: Page, route: RegExp) => expect.poll(() => page.url()).toMatch(route);

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function addLocation(page: Page, location: { title: string; x: string; y: string; yaw: string }) {
  await page.getByRole('link', { name: 'Add location' }).click();
  await page.getByRole('heading', { name: 'New location' }).waitFor();
  await field(page, 'Title').fill(location.title);
  await field(page, 'X').fill(location.x);
  await field(page, 'Y').fill(location.y);
  await field(page, 'Yaw').fill(location.yaw);
  await page.getByRole('button', { name: 'Save' }).click();
  // a saved location opens as its edit page (0 is the new one's)
  await routeReaches(page, new RegExp(`#/locations/${ids.map}/[1-9]\\d*$`));
  await page.getByRole('heading', { name: 'Edit location' }).waitFor();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await routeReaches(page, new RegExp(`#/locations/${ids.map}$`));
}

describe('maps and locations', () => {
  let server: RunningServer;
  let page: Page;
  let token: string;

  let session: SignedInConsole | undefined;

  beforeAll(async () => {
    session = await openSignedInConsole(owner);
    ({ server, page, token } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('creates a map and two locations, deletes one and comes back to the same page', async () => {
    await page.getByTestId('sidebar').getByRole('link', { name: 'Maps' }).click();
    await routeReaches(page, /#\/maps$/);
    await page.getByRole('link', { name: 'Add map' }).click();
    await page.getByRole('heading', { name: 'New map' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The title field is required').waitFor();
    await field(page, 'Title').fill('City mall');
    await page.getByRole('button', { name: 'Save' }).click();
    await routeReaches(page, /#\/maps\/[1-9]\d*$/);
    ids.map = Number(/maps\/(\d+)$/.exec(page.url())?.[1]);
    await page.getByRole('heading', { name: 'Edit map' }).waitFor();

    await page.getByRole('link', { name: 'Locations' }).click();
    await routeReaches(page, new RegExp(`#/locations/${ids.map}$`));
    await addLocation(page, { title: 'Main gate', x: '30.0444', y: '31.2357', yaw: '90' });
    await addLocation(page, { title: 'Food court', x: '30.0451', y: '31.2349', yaw: '-45.5' });

    // ten newer locations push the two onto page 2 (the list is newest first, ten a page)
    for (let index = 1; index <= 10; index += 1)
      await callApi(server, 'POST', '/locations/0', {
        token,
        body: { title: `Shop ${index}`, x: index, y: index / 10, yaw: 0, map_id: ids.map },
      });
    await page.goto(`/#/locations/${ids.map}?page=2`);
    const table = page.getByTestId('locations-table');
    const gate = table.getByRole('row').filter({ hasText: 'Main gate' });
    await gate.waitFor();
    expect(await gate.locator('td').allInnerTexts()).toEqual([
      'Main gate',
      'City mall',
      '30.0444',
      '31.2357',
      '90',
      '',
      '',
    ]);

    await gate.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Do you really need to delete Main gate ?').waitFor();
    await page.getByTestId('confirm-delete').click();
    await page.getByText('Do you really need to delete Main gate ?').waitFor({ state: 'detached' });
    await gate.waitFor({ state: 'detached' });
    await table.getByText('Food court').waitFor();
    expect(page.url()).toMatch(new RegExp(`#/locations/${ids.map}\\?page=2$`));
    expect(await table.getByRole('row').count()).toBe(2); // the header and Food court
    await snapPage(page, 'maps-locations-en');

    await page.getByRole('link', { name: 'Maps' }).first().click();
    await routeReaches(page, /#\/maps$/);
    const mapRow = page.getByTestId(`map-row-${ids.map}`);
    await mapRow.waitFor();
    expect(await mapRow.locator('td').allInnerTexts()).toEqual(['City mall', '11', '', '']);
    await snapPage(page, 'maps-list-en');
  });

  it('shows the lists and the location form with its map selector in Arabic, right to left', async () => {
    await switchLanguage(page, 'ar');
    await page.getByRole('heading', { name: 'الخرائط' }).waitFor();
    await page.getByTestId(`map-row-${ids.map}`).getByText('City mall').waitFor();
    await snapPage(page, 'maps-list-ar');

    await page.goto(`/#/locations/0?page=2`);
    await page.getByRole('heading', { name: 'مواقع كل الخرائط' }).waitFor();
    await page.getByTestId('locations-table').getByText('Food court').waitFor();
    await snapPage(page, 'maps-locations-ar');

    await page.getByRole('link', { name: 'إضافة موقع' }).click();
    await page.getByRole('heading', { name: 'موقع جديد' }).waitFor();
    await page.getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('حقل الخريطة مطلوب').waitFor();
    await page.getByText('حقل العنوان مطلوب').waitFor();
    await field(page, 'X').fill('1e3');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('يجب أن تكون القيمة رقمًا عشريًا').waitFor();
    await snapPage(page, 'maps-location-form-ar');
  });
});
