import { departmentInUseMessage, departmentMessages } from '@hiwar/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import type { Language } from '../../lib/language.ts';
import { renderApp, stubServer } from '../../test/render-app.tsx';
import { ownerProfile } from './settings.test-support.ts';

const profile = ownerProfile({
  cs_status: 1,
  cs_username: 'desk',
  cs_email: 'desk@example.com',
  cs_password: '********',
});

type Department = { id: number; name: string };
const refusal = (status: number, msg: string, errors?: Record<string, string[]>) => ({
  status,
  json: { status: 0, msg, ...(errors && { errors }) },
});

/** A fake server keeping the departments in memory, as the real one would; `refuse` answers a call first. */
function departmentsServer(
  initial: Department[],
  refuse: (method: string, path: string) => ReturnType<typeof refusal> | undefined = () => undefined,
) {
  let departments = [...initial];
  let nextId = 100;
  return stubServer((method, path, body) => {
    const refused = refuse(method, path);
    if (refused) return refused;
    const name = (body as { name?: string } | undefined)?.name ?? '';
    const id = Number(path.split('/').pop());
    if (path === '/user/get_cs_departments') return { json: { status: 1, data: departments } };
    if (path === '/user/add_cs_department') {
      nextId += 1;
      departments = [...departments, { id: nextId, name }];
      return { json: { status: 1, msg: 'Successfully saved', data: { id: nextId, name } } };
    }
    if (path.startsWith('/user/update_cs_department/')) {
      departments = departments.map((department) => (department.id === id ? { id, name } : department));
      return { json: { status: 1, msg: 'successfully updated', data: { id, name } } };
    }
    if (path.startsWith('/user/delete_cs_department/')) {
      departments = departments.filter((department) => department.id !== id);
      return { json: { status: 1 } };
    }
    return { json: { status: 1, data: profile } };
  });
}

async function openDepartments(language: Language = 'en') {
  setToken('t');
  renderApp('/settings', language);
  return screen.findByTestId('settings-departments');
}

const posts = (fetchStub: ReturnType<typeof stubServer>) =>
  fetchStub.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [String(url).replace(/^\/api/, ''), JSON.parse(String(init?.body ?? 'null'))]);

afterEach(() => vi.unstubAllGlobals());

describe('customer-support departments in settings', () => {
  it('lists the departments and adds one with Enter, saved at once with a toast', async () => {
    const fetchStub = departmentsServer([{ id: 1, name: 'Sales' }]);
    const card = await openDepartments();
    expect(await within(card).findByText('Sales')).toBeDefined();
    const field = within(card).getByLabelText('New department');
    expect(field.getAttribute('dir')).toBe('auto');
    fireEvent.change(field, { target: { value: '  Billing ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('Department “Billing” added')).toBeDefined();
    expect(await within(card).findByText('Billing')).toBeDefined();
    expect((field as HTMLInputElement).value).toBe('');
    expect(posts(fetchStub)).toEqual([['/user/add_cs_department', { name: 'Billing' }]]);
  });

  it('shows a refused name at the field and in a toast, and a blank one without calling', async () => {
    const fetchStub = departmentsServer([{ id: 1, name: 'Sales' }], (method) =>
      method === 'POST'
        ? refusal(422, 'The given data was invalid.', { name: [departmentMessages.nameTaken] })
        : undefined,
    );
    const card = await openDepartments();
    const field = within(card).getByLabelText('New department');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Add department' }));
    expect(await within(card).findByText('The department name field is required')).toBeDefined();
    expect(posts(fetchStub)).toEqual([]);

    fireEvent.change(field, { target: { value: 'sales' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() =>
      expect(within(card).getAllByText('The department name has already been taken').length).toBe(1),
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('The department name has already been taken').length).toBe(2);
    expect(screen.getByText('Not saved')).toBeDefined();
  });

  it('renames a department in place with Enter, and Escape leaves it as it was', async () => {
    const fetchStub = departmentsServer([
      { id: 1, name: 'Sales' },
      { id: 2, name: 'Billing' },
    ]);
    const card = await openDepartments();
    fireEvent.click(await within(card).findByRole('button', { name: 'Rename Billing' }));
    const escaped = within(card).getByLabelText('New name for Billing');
    fireEvent.change(escaped, { target: { value: 'Forgotten' } });
    fireEvent.keyDown(escaped, { key: 'Escape' });
    expect(within(card).getByText('Billing')).toBeDefined();

    fireEvent.click(within(card).getByRole('button', { name: 'Rename Sales' }));
    const field = within(card).getByLabelText('New name for Sales');
    fireEvent.change(field, { target: { value: 'Pre-sales' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('Department renamed to “Pre-sales”')).toBeDefined();
    expect(await within(card).findByText('Pre-sales')).toBeDefined();
    expect(posts(fetchStub)).toEqual([['/user/update_cs_department/1', { name: 'Pre-sales' }]]);
  });

  it('deletes a department after the confirmation', async () => {
    const fetchStub = departmentsServer([
      { id: 1, name: 'Sales' },
      { id: 2, name: 'Billing' },
    ]);
    const card = await openDepartments();
    fireEvent.click(await within(card).findByRole('button', { name: 'Delete Billing' }));
    expect(await screen.findByText('Do you really need to delete Billing ?')).toBeDefined();
    expect(posts(fetchStub)).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-delete'));
    expect(await screen.findByText('Department “Billing” deleted')).toBeDefined();
    await waitFor(() => expect(within(card).queryByText('Billing')).toBeNull());
    expect(posts(fetchStub)).toEqual([['/user/delete_cs_department/2', {}]]);
  });

  it('says in Arabic which commands keep a department from being deleted', async () => {
    departmentsServer([{ id: 1, name: 'المبيعات' }], (method) =>
      method === 'POST'
        ? refusal(
            409,
            departmentInUseMessage(['the response of command "order"', 'the response of command "help"']),
          )
        : undefined,
    );
    const card = await openDepartments('ar');
    expect(within(card).getByText('الأقسام')).toBeDefined();
    fireEvent.click(await within(card).findByRole('button', { name: 'حذف المبيعات' }));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    expect(
      await screen.findByText(
        'هذا القسم مستخدم في رد الأمر "order"، "help". احذف منه إجراء «الاتصال بخدمة العملاء» أولًا.',
      ),
    ).toBeDefined();
    expect(within(card).getByText('المبيعات')).toBeDefined();
  });

  it('says so when there are no departments yet', async () => {
    departmentsServer([]);
    const card = await openDepartments();
    expect(await within(card).findByText('No departments yet. Add the first one below.')).toBeDefined();
  });
});
