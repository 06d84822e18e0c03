import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import { snapPage } from '../support/browser.ts';
import { openSignedInConsole, type SignedInConsole, switchLanguage } from '../support/console.ts';

// The owner's customer-support departments in settings, and the cs_connect action's picker.
const owner = {
  username: 'nadia_desk',
  fullname: 'Nadia Samir',
  email: 'nadia@example.com',
  password: 'secret-pass-1',
};
const ids = { service: 0, command: 0 };

describe('customer-support departments', () => {
  let session: SignedInConsole | undefined;
  let page: Page;

  const api = (method: string, path: string, body?: unknown) =>
    callApi(session!.server, method, path, { body, token: session!.token });
  const departments = async () =>
    (await api('GET', '/user/get_cs_departments')).data as { id: number; name: string }[];
  const card = () => page.getByTestId('settings-departments');
  const combobox = (name: string) => page.getByRole('combobox', { name, exact: true });
  async function choose(name: string, option: string) {
    await combobox(name).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  async function addDepartment(name: string) {
    const field = card().getByRole('textbox', { name: 'New department' });
    await field.fill(name);
    await field.press('Enter');
    await card().getByRole('listitem').filter({ hasText: name }).waitFor();
  }

  beforeAll(async () => {
    session = await openSignedInConsole(owner);
    ({ page } = session);
    await api('POST', '/user/update_settings', {
      mode: 3,
      cs_status: 1,
      cs_username: 'nadia_support',
      cs_email: 'support@example.com',
      cs_password: 'support-pass-1',
      cs_endpoint: '',
    });
    ({ id: ids.service } = (await api('POST', '/service/save', { service_name: 'Help desk' })) as unknown as {
      id: number;
    });
    ({ id: ids.command } = (await api('POST', `/command/save/${ids.service}/0`, {
      command_name: 'talk_to_agent',
      command_lang: 'en',
    })) as unknown as { id: number });
    await api('POST', `/command_response/save/${ids.command}`, {
      record: { resp_type: 'text', resp_text: 'One moment, an agent will answer you.' },
    });
  });

  afterAll(async () => {
    await session?.close();
  });

  it('adds, renames and refuses a duplicate department in the settings card', async () => {
    await page.goto('/#/settings');
    await card().getByText('No departments yet. Add the first one below.').waitFor();
    await addDepartment('Sales');
    await addDepartment('Billing');
    await addDepartment('الدعم الفني');

    const field = card().getByRole('textbox', { name: 'New department' });
    await field.fill('  sales ');
    await field.press('Enter');
    await card().getByText('The department name has already been taken').waitFor();

    await card().getByRole('button', { name: 'Rename Billing' }).click();
    const rename = card().getByRole('textbox', { name: 'New name for Billing' });
    await rename.fill('Billing and refunds');
    await rename.press('Enter');
    await card().getByRole('listitem').filter({ hasText: 'Billing and refunds' }).waitFor();
    expect((await departments()).map((department) => department.name)).toEqual([
      'Sales',
      'Billing and refunds',
      'الدعم الفني',
    ]);
    await field.fill('Deliveries');
    await page.getByTestId('settings-support').scrollIntoViewIfNeeded();
    await snapPage(page, 'settings-departments-en');
  });

  it("hands the cs_connect action over to a department, which then can't be deleted", async () => {
    await page.goto(`/#/services/${ids.service}/commands/${ids.command}/result/response-actions`);
    await page.getByRole('switch', { name: 'Run actions after the response' }).check();
    await page.getByRole('button', { name: 'Add action' }).click();
    const form = page.getByRole('group', { name: 'New action' });
    await choose('Action type', 'Connect to customer support');
    await choose('Department', 'Sales');
    await snapPage(page, 'responses-cs-connect-en');
    await form.getByRole('button', { name: 'Add action' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Sales' }).waitFor();
    await Promise.all([
      page.waitForResponse((answer) => answer.url().includes(`/command_response/save/${ids.command}`)),
      page.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    const sales = (await departments()).find((department) => department.name === 'Sales');
    const stored = (await api('GET', `/command_response/get/${ids.command}`)).data as {
      resp_actions: { resp_action_type: string; resp_action_cs_connect_department: string }[];
    };
    expect(stored.resp_actions).toMatchObject([
      { resp_action_type: 'cs_connect', resp_action_cs_connect_department: String(sales?.id) },
    ]);

    await page.goto('/#/settings');
    await card().getByRole('button', { name: 'Delete Sales' }).click();
    await page.getByTestId('confirm-delete').click();
    await page
      .getByText(
        'This department is used by the response of command "talk_to_agent". Remove its “Connect to customer support” action first.',
      )
      .waitFor();
    expect((await departments()).map((department) => department.name)).toContain('Sales');
  });

  it('shows the departments and the picker right to left in Arabic', async () => {
    await page.goto('/#/settings');
    await switchLanguage(page, 'ar');
    await card().getByRole('heading', { name: 'الأقسام' }).waitFor();
    await card().getByRole('listitem').filter({ hasText: 'الدعم الفني' }).waitFor();
    await snapPage(page, 'settings-departments-ar');

    await page.goto(`/#/services/${ids.service}/commands/${ids.command}/result/response-actions`);
    await page.getByRole('button', { name: 'تعديل الإجراء 1' }).click();
    await combobox('القسم').click();
    await page.getByRole('option', { name: 'الدعم الفني', exact: true }).waitFor();
    await snapPage(page, 'responses-cs-connect-ar');
  });
});
