import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapPage } from '../support/browser.ts';
import { openSignedInConsole, type SignedInConsole, switchLanguage } from '../support/console.ts';

// A dataset with a text, a number and a location field → three records → search →
// multi-delete two with the Delete key → import a CSV → export it; in English and Arabic.
const owner = {
  username: 'omar_branches',
  fullname: 'Omar Nabil',
  email: 'omar@example.com',
  password: 'secret-pass-1',
};
const ids = { dataset: 0 };

const routeReaches = (page: Page, route: RegExp) => expect.poll(() => page.url()).toMatch(route);
const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByTestId('field-editor').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addField(page: Page, name: string, type: string) {
  const editor = page.getByTestId('field-editor');
  await editor.getByRole('textbox', { name: 'Field name', exact: true }).fill(name);
  await chooseOption(page, 'Type', type);
  await editor.getByRole('button', { name: 'Add field' }).click();
  await page.getByTestId('field-editor').getByRole('textbox', { name: 'Field name', exact: true }).waitFor();
  await page.getByRole('cell', { name, exact: true }).waitFor();
}

async function addRecord(
  page: Page,
  record: { branch: string; seats: string; lat: string; lng: string; address: string },
) {
  await page.getByRole('button', { name: 'Add record' }).click();
  const form = page.getByRole('form', { name: 'Add a record' });
  await form.waitFor();
  await form.getByRole('textbox', { name: 'branch', exact: true }).fill(record.branch);
  // a number cell keeps digits only: the letters never get in
  await form.getByRole('textbox', { name: 'seats', exact: true }).pressSequentially(`${record.seats}abc`);
  expect(await form.getByRole('textbox', { name: 'seats', exact: true }).inputValue()).toBe(record.seats);
  await form.getByRole('textbox', { name: 'Latitude', exact: true }).fill(record.lat);
  await form.getByRole('textbox', { name: 'Longitude', exact: true }).fill(record.lng);
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill(record.address);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByTestId('records-grid').getByText(record.branch, { exact: true }).waitFor();
}

const gridRows = (page: Page) => page.getByTestId('records-grid').locator('tbody tr');

describe('datasets', () => {
  let session: SignedInConsole | undefined;
  let page: Page;

  beforeAll(async () => {
    session = await openSignedInConsole(owner);
    ({ page } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('builds a dataset, fills it, searches, deletes two records with the Delete key, imports and exports', async () => {
    await page.getByTestId('sidebar').getByRole('link', { name: 'Datasets' }).click();
    await routeReaches(page, /#\/dataset$/);
    await page.getByTestId('datasets-table').getByText('no data').waitFor();
    await page.getByRole('link', { name: 'Add dataset' }).click();
    await page.getByRole('heading', { name: 'New dataset' }).waitFor();

    await textbox(page, 'Name').fill('Branches');
    await addField(page, 'branch', 'Text');
    await addField(page, 'seats', 'Number');
    await addField(page, 'place', 'Location');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await routeReaches(page, /#\/dataset\/[1-9]\d*\/structure$/);
    ids.dataset = Number(/dataset\/(\d+)\//.exec(page.url())?.[1]);
    await snapPage(page, 'datasets-structure-en');

    await page.getByRole('tab', { name: 'Data' }).click();
    await routeReaches(page, new RegExp(`#/dataset/${ids.dataset}/data`));
    await addRecord(page, {
      branch: 'Downtown',
      seats: '40',
      lat: '30.0444',
      lng: '31.2357',
      address: 'Tahrir Sq',
    });
    await addRecord(page, {
      branch: 'City Mall',
      seats: '25',
      lat: '30.0720',
      lng: '31.3460',
      address: 'Nasr City',
    });
    await addRecord(page, {
      branch: 'Airport',
      seats: '12',
      lat: '30.1219',
      lng: '31.4056',
      address: 'Terminal 3',
    });
    await page.getByText('Records: 3').waitFor();
    await snapPage(page, 'datasets-data-en');

    const search = page.getByRole('textbox', { name: 'Search', exact: true });
    await search.fill('mall');
    await expect.poll(() => gridRows(page).count()).toBe(1);
    await page.getByTestId('records-grid').getByText('City Mall').waitFor();
    await search.fill('');
    await expect.poll(() => gridRows(page).count()).toBe(3);

    // select two rows, then the Delete key (focus in the grid, not in a text box) asks with the count
    const downtown = gridRows(page).filter({ hasText: 'Downtown' });
    const airport = gridRows(page).filter({ hasText: 'Airport' });
    await downtown.getByRole('checkbox', { name: 'Select row' }).check();
    await airport.getByRole('checkbox', { name: 'Select row' }).check();
    await page.keyboard.press('Delete');
    await page.getByText('Do you really need to delete 2 records ?').waitFor();
    await snapPage(page, 'datasets-delete-en');
    await page.getByTestId('confirm-delete').click();
    await page.getByText('Records: 1').waitFor();
    expect(await gridRows(page).allInnerTexts()).toEqual([expect.stringContaining('City Mall')]);

    // import: a CSV with one good row (its place written "lat,lng", as people copy it from a map) and one whose
    // seats are not a number; the dialog names the location forms it reads, the preview shows latitude first
    const csv = ['branch,seats,place', 'Zamalek,18,"30.0626,31.2243"', 'Maadi,many,'].join('\n');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import records from a file' });
    await expect
      .poll(() => dialog.getByTestId('import-location-forms').innerText())
      .toContain('Locations: lat,lng, lat lng or lat;lng, latitude first (30.0444,31.2357); GeoJSON;');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'branches.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('2 rows: 1 can be imported, 1 refused').waitFor();
    await dialog.getByText('Zamalek').first().waitFor();
    const sample = dialog.getByRole('table', { name: 'First records as they will be stored' });
    await sample.getByText('30.0626, 31.2243', { exact: true }).waitFor();
    await snapPage(page, 'datasets-import-en');
    const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Skip the refused rows (1) and import the others' }).check();
    await importButton.click();
    await page.getByText('Records imported: 1').waitFor();
    await page.getByText('Records: 2').waitFor();
    await page.getByTestId('records-grid').getByText('Zamalek').waitFor();
    // the grid shows the imported place as the preview did
    await page.getByTestId('records-grid').getByText('30.0626, 31.2243', { exact: true }).waitFor();

    // export: the file the browser saves holds the records
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Branches.csv');
    const exported = await readFile((await download.path()) ?? '', 'utf8');
    expect(exported.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('branch,seats,place');
    expect(exported).toContain('City Mall,25,');
    expect(exported).toContain('Zamalek,18,');
  });

  it('shows the list, the structure and the data in Arabic, right to left', async () => {
    await switchLanguage(page, 'ar');
    await page.getByRole('tab', { name: 'البيانات' }).waitFor();
    await page.getByTestId('records-grid').getByText('Zamalek').waitFor();
    await snapPage(page, 'datasets-data-ar');

    // a latitude column and a longitude column go into the place, previewed latitude first; nothing imported
    await page.getByRole('button', { name: 'استيراد' }).click();
    const dialog = page.getByRole('dialog', { name: 'استيراد السجلات من ملف' });
    const csv = 'branch,lat,lng\nGiza,29.9792,31.1342\nNowhere,north,\n';
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'giza.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const sample = dialog.getByRole('table', { name: 'أول السجلات كما ستُحفظ' });
    await sample.getByText('29.9792, 31.1342', { exact: true }).waitFor();
    expect(await dialog.getByRole('combobox', { name: 'حقل العمود lat' }).inputValue()).toBe('خط عرض place');
    // a place in no form it reads is refused naming the forms, in Arabic
    await dialog
      .getByRole('table', { name: 'الصفوف المرفوضة' })
      .getByText('يُكتب الموقع "lat,lng" أو "lat lng" أو "lat;lng"', { exact: false })
      .waitFor();
    await snapPage(page, 'datasets-import-ar');
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'الهيكل' }).click();
    await page.getByRole('cell', { name: 'seats', exact: true }).waitFor();
    await snapPage(page, 'datasets-structure-ar');
    await page.goto('/#/dataset');
    await page.getByText('Branches').waitFor();
    await snapPage(page, 'datasets-list-ar');
  });
});
