import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusOf } from '../support/api.ts';
import { snapPage } from '../support/browser.ts';
import { openSignedInConsole, type SignedInConsole, switchLanguage } from '../support/console.ts';
import type { RunningServer } from '../support/server.ts';

const owner = {
  username: 'omar_barista',
  fullname: 'Omar Khalil',
  email: 'omar@example.com',
  password: 'secret-pass-1',
};
const serviceName = 'Coffee corner';
const commandName = 'order coffee';
const labels = [
  { keyword: 'large', syns: ['big', 'كبيرة'] },
  { keyword: 'small', syns: ['little', 'صغيرة'] },
];
const plainExample = 'I want a coffee';
const taggedExample = 'make my coffee large';
const arabicExample = 'أريد قهوة كبيرة';

/** Ids the flow learns from the console's URLs as it goes. */
const ids = { service: 0, command: 0, variable: 0 };
const commandPath = () => `/#/services/${ids.service}/commands/${ids.command}`;

function idIn(url: string, pattern: RegExp): number {
  const id = Number(pattern.exec(url)?.[1]);
  if (!(id > 0)) throw new Error(`no id in ${url}`);
  return id;
}

async function pickOption(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A synonym added with Enter, then one added by leaving the tag input. */
async function addSynonyms(row: Locator, [byEnter, byBlur]: string[]) {
  const input = row.getByLabel('Synonyms');
  await input.fill(byEnter ?? '');
  await input.press('Enter');
  await input.fill(byBlur ?? '');
  await input.blur();
}

async function pillsOf(row: Locator): Promise<string[]> {
  return row.locator('.mantine-TagsInput-pill').allTextContents();
}

/** Selects the last characters of a text field from the keyboard, as a user would before pressing Tag. */
async function selectLastCharacters(field: Locator, count: number) {
  await field.press('End');
  for (let step = 0; step < count; step += 1) await field.press('Shift+ArrowLeft');
}

async function exampleTexts(page: Page): Promise<string[]> {
  return page.getByTestId('examples-list').getByTestId('example-text').allTextContents();
}

describe('authoring a service, a command, a list variable and tagged examples', () => {
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

  it('creates a service from the services list and a command from its about tab', async () => {
    await page.goto('/#/services');
    const table = page.getByTestId('services-table');
    await table.getByText('no data').waitFor();
    await page.getByRole('button', { name: 'Add service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add service' });
    await dialog.getByLabel('Service name').fill(serviceName);
    await dialog.getByLabel('Description').fill('Hot drinks to go');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await table.getByRole('link', { name: serviceName }).waitFor();
    await snapPage(page, 'authoring-services-en');

    await table.getByRole('link', { name: serviceName }).click();
    await page.waitForURL(/#\/services\/\d+\/commands$/);
    ids.service = idIn(page.url(), /services\/(\d+)\/commands/);
    await page.getByRole('link', { name: 'Add command' }).click();
    await page.waitForURL(/commands\/0\/about$/);
    expect(await page.getByRole('tab', { name: 'Examples' }).isDisabled()).toBe(true);

    const about = page.getByTestId('command-about');
    await about.getByLabel('Command name').fill(commandName);
    await about.getByLabel('Description').fill('A coffee in the size the customer asks for');
    await pickOption(page, about.getByRole('combobox', { name: 'Language' }), 'English');
    await about.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/commands\/[1-9]\d*\/about$/);
    ids.command = idIn(page.url(), /commands\/(\d+)\/about/);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe(commandName);
    expect(await page.getByRole('tab', { name: 'Examples' }).isDisabled()).toBe(false);
    await snapPage(page, 'authoring-command-about-en');
  });

  it('creates a list variable with two labels and their synonyms', async () => {
    await page.getByRole('tab', { name: 'Variables' }).click();
    await page.getByTestId('variables-table').getByText('no data').waitFor();
    await page.getByRole('link', { name: 'New variable' }).click();
    await page.waitForURL(/variables\/0$/);
    const form = page.getByTestId('variable-form');
    await form.getByLabel('Variable name').fill('size');
    await pickOption(page, form.getByRole('combobox', { name: 'Variable type' }), 'List');
    await form.getByLabel('Prompt').fill('Which size?');

    const rows = form.getByTestId('list-value-row');
    for (const [index, label] of labels.entries()) {
      // a label's keyword is a value: typed once, its synonyms added in its row
      await form.getByLabel('New value', { exact: true }).fill(label.keyword);
      await form.getByLabel('New value', { exact: true }).press('Enter');
      const row = rows.nth(index);
      await expect.poll(() => row.getByLabel('Value', { exact: true }).inputValue()).toBe(label.keyword);
      await addSynonyms(row, label.syns);
      await expect.poll(() => pillsOf(row)).toEqual(label.syns);
    }
    // how many answers that do not fit before the bot stops asking (3 unless changed)
    const tries = form.getByLabel('Tries before the bot stops asking');
    expect(await tries.inputValue()).toBe('3');
    await tries.fill('2');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Variable Saves Successfully').first().waitFor();
    await page.waitForURL(/variables\/[1-9]\d*$/);
    ids.variable = idIn(page.url(), /variables\/(\d+)$/);
    await expect.poll(() => form.getByLabel('Variable name').inputValue()).toBe('size');
    await snapPage(page, 'authoring-variable-form-en');
  });

  it('adds three examples and tags one of them with the variable by selecting its text', async () => {
    await page.getByRole('tab', { name: 'Examples' }).click();
    const list = page.getByTestId('examples-list');
    await list.getByText('no data').waitFor();
    for (const text of [plainExample, taggedExample, arabicExample]) {
      await page.getByRole('button', { name: 'New Example' }).click();
      const row = list.getByTestId('example-row').first();
      const textarea = row.getByLabel('Example text');
      await textarea.fill(text);
      if (text === taggedExample) {
        expect(await row.getByRole('button', { name: 'Tag' }).isDisabled()).toBe(true);
        await selectLastCharacters(textarea, 'large'.length);
        await row.getByRole('button', { name: 'Tag' }).click();
        await page.getByRole('menuitem', { name: 'size' }).click();
        await row.getByText('size: large').waitFor();
      }
      await row.getByRole('button', { name: 'Save' }).click();
      await list.locator('[data-testid="example-row"][data-unsaved]').waitFor({ state: 'detached' });
      await expect.poll(() => exampleTexts(page)).toContain(text);
    }
    // the save answers before the model is updated; the note beside the examples says when it is live
    const modelState = page.getByTestId('model-state');
    await expect.poll(() => modelState.getAttribute('data-state'), { timeout: 15_000 }).toBe('up_to_date');
    expect(await modelState.textContent()).toBe('Model up to date');
    await snapPage(page, 'authoring-examples-en');
  });

  it('shows the variable and the tagged examples again after a reload, Arabic right to left', async () => {
    await page.reload();
    const list = page.getByTestId('examples-list');
    await expect
      .poll(() => exampleTexts(page).then((texts) => texts.sort()))
      .toEqual([arabicExample, plainExample, taggedExample].sort());
    const tagged = list.getByTestId('example-row').filter({ hasText: taggedExample });
    // the examples and the variables' names are two calls: the tag is labelled "#1" until the names arrive
    await tagged.getByText('size: large').waitFor();
    const mark = tagged.locator('mark');
    expect(await mark.textContent()).toBe('large');
    expect(await mark.getAttribute('data-variable')).toBe('size');

    const arabic = list.getByTestId('example-text').filter({ hasText: arabicExample });
    expect(await arabic.getAttribute('dir')).toBe('rtl');
    expect(await arabic.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    const plain = list.getByTestId('example-text').filter({ hasText: plainExample });
    expect(await plain.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');

    await page.goto(`${commandPath()}/variables/${ids.variable}`);
    await page.reload();
    const form = page.getByTestId('variable-form');
    await expect.poll(() => form.getByLabel('Variable name').inputValue()).toBe('size');
    expect(await form.getByRole('combobox', { name: 'Variable type' }).inputValue()).toBe('List');
    expect(await form.getByLabel('Tries before the bot stops asking').inputValue()).toBe('2');
    const rows = form.getByTestId('list-value-row');
    await expect.poll(() => rows.count()).toBe(2);
    for (const [index, label] of labels.entries()) {
      expect(await rows.nth(index).getByLabel('Value', { exact: true }).inputValue()).toBe(label.keyword);
      expect(await pillsOf(rows.nth(index))).toEqual(label.syns);
    }
  });

  it('lays the authoring screens out in Arabic', async () => {
    await switchLanguage(page, 'ar');
    await page.goto('/#/services');
    await page.getByTestId('services-table').getByRole('link', { name: serviceName }).waitFor();
    await snapPage(page, 'authoring-services-ar');
    await page.goto(`${commandPath()}/about`);
    await expect.poll(() => page.getByLabel('اسم الأمر').inputValue()).toBe(commandName);
    // the English name reads left to right in the Arabic console
    expect(await page.getByLabel('اسم الأمر').getAttribute('dir')).toBe('auto');
    await snapPage(page, 'authoring-command-about-ar');
    await page.goto(`${commandPath()}/variables/${ids.variable}`);
    await expect
      .poll(() => page.getByTestId('variable-form').getByRole('textbox').first().inputValue())
      .toBe('size');
    await snapPage(page, 'authoring-variable-form-ar');
    await page.goto(`${commandPath()}/examples`);
    await expect.poll(() => exampleTexts(page).then((texts) => texts.length)).toBe(3);
    await expect.poll(() => page.getByTestId('model-state').textContent()).toBe('النموذج محدَّث');
    await snapPage(page, 'authoring-examples-ar');
    await switchLanguage(page, 'en');
  });

  it('deletes the service after the confirmation, and its command page says the command no longer exists', async () => {
    await page.goto('/#/services');
    const table = page.getByTestId('services-table');
    const row = table.getByTestId(`service-row-${ids.service}`);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Do you really need to delete ${serviceName} ?`).waitFor();
    await page.getByTestId('confirm-delete').click();
    await table.getByText('no data').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);

    expect(await statusOf(server, 'GET', `/command/browse/${ids.command}`, token)).toBe(404);
    // a fresh load: within the same page the console still shows its cached copy of the deleted command
    await page.goto('about:blank');
    const browsed = page.waitForResponse((answer) =>
      answer.url().endsWith(`/api/command/browse/${ids.command}`),
    );
    await page.goto(`${commandPath()}/about`);
    expect((await browsed).status()).toBe(404);
    const missing = page.getByTestId('command-missing');
    await missing.getByText('This command no longer exists').waitFor();
    expect(await page.getByTestId('command-about').count()).toBe(0);
    await snapPage(page, 'authoring-command-missing-en');
    await switchLanguage(page, 'ar');
    await missing.getByText('هذا الأمر لم يعد موجودًا').waitFor();
    await page.getByTestId('lang-en').waitFor({ state: 'hidden' });
    await snapPage(page, 'authoring-command-missing-ar');
    await missing.getByRole('link', { name: 'العودة إلى الأوامر' }).click();
    await expect.poll(() => page.url()).toContain(`/#/services/${ids.service}/commands`);
    await switchLanguage(page, 'en');
  });
});
