import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builderServer, profileWithSupport, renderBuilder } from './builders.test-support.tsx';
import { ResponseActionsStep } from './response-actions-step.tsx';

afterEach(() => vi.unstubAllGlobals());

const recipients = () => screen.getByLabelText('Recipients', { selector: 'input' });

function addRecipient(address: string) {
  // the tags input takes only typing into the focused field (autofill is told apart by focus)
  recipients().focus();
  fireEvent.change(recipients(), { target: { value: address } });
  fireEvent.keyDown(recipients(), { key: 'Enter' });
}

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('response actions', () => {
  it('adds mail recipients with Enter, refuses an invalid address and keeps at most 5', async () => {
    renderBuilder(ResponseActionsStep, { resp_type: 'text' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add action' }));
    addRecipient('not-an-address');
    expect(await screen.findByText('Please enter a valid email address')).toBeDefined();
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) addRecipient(`${name}@example.com`);
    const pills = screen.getAllByText(/^[a-f]@example\.com$/).map((pill) => pill.textContent);
    expect(pills).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
      'e@example.com',
    ]);
    expect(screen.queryByText('not-an-address')).toBeNull();
  });

  it("answers 'Validation error' for an incomplete mail, and adds a complete one to the list", async () => {
    const { latest } = renderBuilder(ResponseActionsStep, { resp_type: 'text' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add action' }));
    addRecipient('sales@example.com');
    const form = screen.getByRole('group', { name: 'New action' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add action' }));
    expect((await screen.findAllByText('Validation error')).length).toBeGreaterThan(0);
    expect(screen.getByText('The title is required')).toBeDefined();
    expect(latest.record.resp_actions).toEqual([]);

    fireEvent.change(screen.getByRole('combobox', { name: 'Title' }), { target: { value: 'New order' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Message' }), { target: { value: 'From @v' } });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Message' }), { key: 'Enter' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add action' }));
    await waitFor(() => expect(latest.record.resp_actions).toHaveLength(1));
    expect(latest.record.resp_actions[0]).toMatchObject({
      resp_action_type: 'mail',
      resp_action_mail_title: 'New order',
      resp_action_mail_msg: 'From {{city}}',
      resp_action_mail_to: ['sales@example.com'],
    });
    expect(screen.getByText('sales@example.com')).toBeDefined();
  });

  it('refuses api headers that are neither JSON nor Name: value lines, and edits an action in place', async () => {
    const { latest } = renderBuilder(ResponseActionsStep, {
      resp_type: 'text',
      resp_action_status: 1,
      resp_actions: [{ resp_action_type: 'subscribe' }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit action 1' }));
    await choose('Action type', 'API request');
    fireEvent.change(screen.getByRole('combobox', { name: 'URL' }), {
      target: { value: 'https://api.example.com/hook' },
    });
    await choose('Request type', 'POST (form parameters)');
    fireEvent.change(screen.getByLabelText('Headers'), { target: { value: 'not a header' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update action' }));
    expect(await screen.findByText('Headers must be a JSON object or "Name: value" lines')).toBeDefined();
    expect(latest.record.resp_actions[0]?.resp_action_type).toBe('subscribe');

    fireEvent.change(screen.getByLabelText('Headers'), { target: { value: 'X-Key: {{city}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update action' }));
    await waitFor(() => expect(latest.record.resp_actions[0]?.resp_action_type).toBe('api'));
    expect(latest.record.resp_actions).toHaveLength(1);
    expect(latest.record.resp_actions[0]).toMatchObject({
      resp_action_api_url: 'https://api.example.com/hook',
      resp_action_api_req_type: 'pars',
      resp_action_api_headers: 'X-Key: {{city}}',
    });
  });

  it('leaves the customer-support actions out while the owner has customer support off', async () => {
    renderBuilder(ResponseActionsStep, { resp_type: 'text' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add action' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Action type' }));
    await screen.findByRole('option', { name: 'Mail' });
    expect(screen.queryByRole('option', { name: 'Connect to customer support' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Disconnect from customer support' })).toBeNull();
  });

  it('offers the customer-support actions when the owner has customer support on', async () => {
    const withSupport = builderServer((_method, path) =>
      path === '/user/me'
        ? { json: { status: 1, data: profileWithSupport(1) } }
        : { status: 404, json: { status: 0 } },
    );
    renderBuilder(ResponseActionsStep, { resp_type: 'text' }, withSupport);
    fireEvent.click(await screen.findByRole('button', { name: 'Add action' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Action type' }));
    expect(await screen.findByRole('option', { name: 'Connect to customer support' })).toBeDefined();
    expect(screen.getByRole('option', { name: 'Disconnect from customer support' })).toBeDefined();
  });

  const withDepartments = (departments: { id: number; name: string }[]) =>
    builderServer((_method, path) => {
      if (path === '/user/me') return { json: { status: 1, data: profileWithSupport(1) } };
      if (path === '/user/get_cs_departments') return { json: { status: 1, data: departments } };
      return { status: 404, json: { status: 0 } };
    });

  it("hands a cs_connect action over to one of the owner's departments, listed by its name", async () => {
    const server = withDepartments([
      { id: 7, name: 'Sales' },
      { id: 8, name: 'Billing' },
    ]);
    const { latest } = renderBuilder(ResponseActionsStep, { resp_type: 'text' }, server);
    fireEvent.click(await screen.findByRole('button', { name: 'Add action' }));
    await choose('Action type', 'Connect to customer support');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Department' }) as HTMLInputElement).disabled).toBe(false),
    );
    await choose('Department', 'Billing');
    const form = screen.getByRole('group', { name: 'New action' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add action' }));
    await waitFor(() => expect(latest.record.resp_actions).toHaveLength(1));
    expect(latest.record.resp_actions[0]).toMatchObject({
      resp_action_type: 'cs_connect',
      resp_action_cs_connect_department: '8',
    });
    expect(screen.getByRole('cell', { name: 'Billing' })).toBeDefined();
  });

  it('leads to settings when the owner has no departments yet', async () => {
    renderBuilder(ResponseActionsStep, { resp_type: 'text' }, withDepartments([]));
    fireEvent.click(await screen.findByRole('button', { name: 'Add action' }));
    await choose('Action type', 'Connect to customer support');
    expect(await screen.findByText(/You have no customer-support departments yet/)).toBeDefined();
    const link = screen.getByRole('link', { name: 'Add them in Settings' });
    expect(link.getAttribute('href')).toBe('/settings');
    expect(screen.queryByRole('combobox', { name: 'Department' })).toBeNull();
  });

  it("says which action's department the server refused", async () => {
    const server = withDepartments([{ id: 7, name: 'Sales' }]);
    renderBuilder(
      ResponseActionsStep,
      {
        resp_type: 'text',
        resp_actions: [{ resp_action_type: 'cs_connect', resp_action_cs_connect_department: '99' }],
      },
      server,
      { 'resp_actions.0.resp_action_cs_connect_department': 'The selected department is invalid' },
    );
    expect(
      await screen.findByText('This department is not one of yours any more: choose another.'),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Edit action 1' }));
    expect(
      await screen.findAllByText('This department is not one of yours any more: choose another.'),
    ).toHaveLength(2);
  });
});

describe('actions that would not run', () => {
  it('turns the actions on when the first one is added, and says when kept actions are switched off', async () => {
    const { latest } = renderBuilder(ResponseActionsStep, { resp_type: 'text', resp_action_status: 0 });
    fireEvent.click(await screen.findByRole('button', { name: 'Add action' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Action type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Subscribe' }));
    const form = screen.getByRole('group', { name: 'New action' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add action' }));
    await waitFor(() => expect(latest.record.resp_actions).toHaveLength(1));
    expect(latest.record.resp_action_status).toBe(1);
    expect(screen.queryByTestId('actions-off')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'Run actions after the response' }));
    await waitFor(() => expect(latest.record.resp_action_status).toBe(0));
    expect((await screen.findByTestId('actions-off')).textContent).toContain('These actions will not run');
  });
});
