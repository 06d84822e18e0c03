import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_FIELD_MASK } from '../../apps/server/src/modules/places/google-places.ts';
import {
  type FakeGooglePlaces,
  startFakeGooglePlaces,
} from '../../apps/server/src/testing/places/fake-google-places.ts';
import { callApi } from '../support/api.ts';
import { snapPage } from '../support/browser.ts';
import { openSignedInConsole, type SignedInConsole, switchLanguage } from '../support/console.ts';
import type { RunningServer } from '../support/server.ts';

// A map, two locations, a delete that stays on its page, in English and Arabic. The place search finds saved
// locations without a geocoder, and Google's places (a fake) with one.
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

/** The cells of the first place the /places page lists, once `title` shows in its table. */
async function firstPlaceRow(page: Page, title: string): Promise<string[]> {
  const table = page.getByTestId('places-table');
  await table.getByText(title).waitFor();
  return table.getByRole('row').nth(1).locator('td').allInnerTexts();
}

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

  it('finds saved locations by name on the place search page when the server has no geocoder', async () => {
    await page.getByRole('link', { name: 'Place search' }).click();
    await routeReaches(page, /#\/places$/);
    await field(page, 'Search places').fill('COURT');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(await firstPlaceRow(page, 'Food court')).toEqual([
      'Food court',
      'City mall',
      '30.0451',
      '31.2349',
    ]);
    await page
      .getByText('From your saved map locations: this server has no place search service set up')
      .waitFor();
    await snapPage(page, 'places-saved-locations-en');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Maps' }).click();
    await routeReaches(page, /#\/maps$/);
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

    await page.goto('/#/places');
    await field(page, 'البحث عن الأماكن').fill('court');
    await page.getByRole('button', { name: 'بحث', exact: true }).click();
    await page.getByTestId('places-table').getByText('Food court').waitFor();
    await page.getByText('من مواقع خرائطك المحفوظة', { exact: false }).waitFor();
    await snapPage(page, 'places-saved-locations-ar');
  });
});

describe('place search through Google Places (a fake on 127.0.0.1)', () => {
  const geoOwner = {
    username: 'omar_tours',
    fullname: 'Omar Nabil',
    email: 'omar@example.com',
    password: 'secret-pass-2',
  };
  let google: FakeGooglePlaces;
  let session: SignedInConsole | undefined;
  let server: RunningServer;
  let page: Page;
  let token: string;
  /** what the flow creates, for the later steps */
  const made = { service: 0, command: 0, map: 0 };
  const api = (method: string, path: string, body?: unknown) =>
    callApi(server, method, path, { body, token });
  const searchPlaces = async (text: string) => {
    const search = page.getByRole('textbox', { name: 'Search places', exact: true });
    await search.fill(text);
    await search.press('Enter');
  };

  beforeAll(async () => {
    google = await startFakeGooglePlaces({ apiKey: 'e2e-places-key' });
    session = await openSignedInConsole(geoOwner, {
      GOOGLE_PLACES_API_KEY: google.apiKey,
      GOOGLE_PLACES_URL: google.url,
      OUTBOUND_ALLOW: '127.0.0.1',
    });
    ({ server, page, token } = session);
  });

  afterAll(async () => {
    await session?.close();
    await google?.close();
  });

  it("adds a place Google found to a command's Map response", async () => {
    made.service = Number((await api('POST', '/service/save', { service_name: 'Tours' })).id);
    made.command = Number(
      (
        await api('POST', `/command/save/${made.service}/0`, {
          command_name: 'where is the tower',
          command_lang: 'en',
        })
      ).id,
    );
    await page.goto(`/#/services/${made.service}/commands/${made.command}/result/template`);
    await page.getByRole('tab', { name: 'Map' }).click();
    await searchPlaces('cairo');
    await page.getByText('Results from Google Places').waitFor();
    expect(await page.getByTestId('place-result').count()).toBe(2);
    await page.getByRole('button', { name: 'Add: Cairo Tower' }).click();
    expect(await page.getByRole('textbox', { name: 'Place 1 title' }).inputValue()).toBe('Cairo Tower');
    expect(await page.getByRole('textbox', { name: 'Place 1 latitude' }).inputValue()).toBe('30.045975');
    expect(await page.getByRole('textbox', { name: 'Place 1 longitude' }).inputValue()).toBe('31.224299');
    await snapPage(page, 'places-map-step-en');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await routeReaches(page, /result\/(?!template)/);

    const saved = (await api('GET', `/command_response/get/${made.command}`)) as unknown as {
      data: { resp_type: string; resp_location_resp_struct: { title: string; lat: unknown; lng: unknown }[] };
    };
    expect(saved.data.resp_type).toBe('location');
    const [place] = saved.data.resp_location_resp_struct;
    expect([place?.title, Number(place?.lat), Number(place?.lng)]).toEqual([
      'Cairo Tower',
      30.045975,
      31.224299,
    ]);
    const [request] = google.requests;
    expect(request?.headers['x-goog-api-key']).toBe('e2e-places-key');
    expect(request?.headers['x-goog-fieldmask']).toBe(GOOGLE_FIELD_MASK);
    expect(JSON.parse(request?.body ?? '')).toEqual({ textQuery: 'cairo', pageSize: 10, languageCode: 'en' });
  });

  it('fills a new location from a place Google found', async () => {
    const { data } = (await api('POST', '/maps/0', { title: 'Giza plateau' })) as unknown as {
      data: { _id: number };
    };
    made.map = data._id;
    await page.goto(`/#/locations/${data._id}/0`);
    await page.getByRole('heading', { name: 'New location' }).waitFor();
    await searchPlaces('pyramids');
    await page.getByRole('button', { name: 'Use: Pyramids of Giza' }).click();
    await expect.poll(() => field(page, 'X').inputValue()).toBe('29.979171');
    expect(await field(page, 'Y').inputValue()).toBe('31.134205');
    expect(await field(page, 'Title').inputValue()).toBe('Pyramids of Giza');
    await field(page, 'Yaw').fill('0');
    await snapPage(page, 'places-location-form-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await routeReaches(page, new RegExp(`#/locations/${data._id}/[1-9]\\d*$`));
    const locations = (await api('GET', `/locations/list/${data._id}?page=1`)) as unknown as {
      data: { data: { title: string; x: number; y: number }[] };
    };
    expect(locations.data.data).toEqual([
      expect.objectContaining({ title: 'Pyramids of Giza', x: 29.979171, y: 31.134205 }),
    ]);
  });

  it('shows the place search page in Arabic with Arabic names, and says when Google is busy', async () => {
    await page.goto('/#/places');
    await page.getByRole('heading', { name: 'Place search' }).waitFor();
    await searchPlaces('airport');
    await page.getByTestId('places-table').getByText('Cairo International Airport').waitFor();
    await snapPage(page, 'places-page-en');

    await switchLanguage(page, 'ar');
    await page.getByRole('heading', { name: 'البحث عن الأماكن' }).waitFor();
    const search = page.getByRole('textbox', { name: 'البحث عن الأماكن', exact: true });
    await search.fill('برج');
    await page.getByRole('button', { name: 'بحث', exact: true }).click();
    expect(await firstPlaceRow(page, 'برج القاهرة')).toEqual([
      'برج القاهرة',
      'Zamalek, Cairo Governorate 4270010, Egypt',
      '30.0459751',
      '31.2242988',
    ]);
    await page.getByText('نتائج من Google Places').waitFor();
    expect(JSON.parse(google.requests.at(-1)?.body ?? '')).toMatchObject({ languageCode: 'ar' });
    await snapPage(page, 'places-page-ar');

    await page.goto(`/#/services/${made.service}/commands/${made.command}/result/template`);
    await page.getByRole('tab', { name: 'خريطة' }).click();
    await search.fill('القاهرة');
    await search.press('Enter');
    await page.getByRole('button', { name: 'إضافة: مطار القاهرة الدولي' }).waitFor();
    await snapPage(page, 'places-map-step-ar');

    await page.goto(`/#/locations/${made.map}/0`);
    await page.getByRole('heading', { name: 'موقع جديد' }).waitFor();
    await search.fill('أهرامات');
    await search.press('Enter');
    await page.getByRole('button', { name: 'استخدام: أهرامات الجيزة' }).click();
    await expect.poll(() => field(page, 'X').inputValue()).toBe('29.979171');
    expect(await field(page, 'العنوان').inputValue()).toBe('أهرامات الجيزة');
    await snapPage(page, 'places-location-form-ar');

    await page.goto('/#/places');

    // a text not searched before: the page and the server keep earlier answers
    google.failNext(1, { status: 429 });
    await search.fill('الجيزة');
    await search.press('Enter');
    await page
      .getByRole('alert')
      .getByText('خدمة البحث عن الأماكن مشغولة، يرجى المحاولة بعد دقيقة')
      .waitFor();
    await snapPage(page, 'places-page-busy-ar');
  });
});
