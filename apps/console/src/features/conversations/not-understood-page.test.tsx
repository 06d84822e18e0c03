import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  inboxGroup,
  inboxServer,
  inboxState,
  postedTo,
  stubInboxFetch,
} from './conversations.test-support.ts';

afterEach(() => vi.unstubAllGlobals());

function groupsState() {
  return inboxState({
    groups: [
      inboxGroup(5),
      inboxGroup(6, {
        lang: 'ar',
        count: 1,
        messages: [
          {
            turn_id: 201,
            text: 'متى تفتحون',
            lang: 'ar',
            at: '2026-11-26T08:00:00.000Z',
            sender_key: 'telegram:4',
          },
        ],
        candidates: [],
      }),
    ],
    waiting: { waiting: 3, handoffs: 0 },
  });
}

describe('not understood inbox', () => {
  it('shows each group with its messages and the commands the engine nearly chose', async () => {
    setToken('t');
    stubInboxFetch(inboxServer(groupsState()));
    renderApp('/conversations/not-understood');
    const group = await screen.findByTestId('inbox-group-5');
    expect(within(group).getByText('Messages: 2')).toBeDefined();
    expect(within(group).getByText('can i get a pizza pie')).toBeDefined();
    expect(within(group).getByText('pizza pie please').getAttribute('dir')).toBe('auto');
    expect(within(group).getByRole('button', { name: /Add as example of order_pizza/ })).toBeDefined();
    expect(within(group).getByRole('button', { name: /Add as example of order_drink/ })).toBeDefined();
    expect(within(screen.getByTestId('inbox-group-6')).queryByTestId('candidates')).toBeNull();
    expect(screen.getByTestId('not-understood-count').textContent).toBe('3');
  });

  it('adds the chosen message as an example of a candidate in one click, and the group leaves', async () => {
    setToken('t');
    const { fetchStub } = stubInboxFetch(inboxServer(groupsState()));
    renderApp('/conversations/not-understood');
    const group = await screen.findByTestId('inbox-group-5');
    fireEvent.click(within(group).getByRole('button', { name: /Add as example of order_pizza/ }));
    await waitFor(() =>
      expect(postedTo(fetchStub, '/inbox/not_understood/5/add_example')).toEqual([
        { turn_id: 101, command_id: 7 },
      ]),
    );
    expect(await screen.findByText('The message was added as an example')).toBeDefined();
    await waitFor(() => expect(screen.queryByTestId('inbox-group-5')).toBeNull());
    expect(screen.getByTestId('inbox-group-6')).toBeDefined();
  });

  it('adds another message of the group to a command picked from the list', async () => {
    setToken('t');
    const { fetchStub } = stubInboxFetch(inboxServer(groupsState()));
    renderApp('/conversations/not-understood');
    const group = await screen.findByTestId('inbox-group-5');
    fireEvent.click(within(group).getByRole('radio', { name: 'pizza pie please' }));
    fireEvent.click(within(group).getByRole('combobox', { name: 'Another command' }));
    fireEvent.click(await screen.findByRole('option', { name: 'opening_hours' }));
    fireEvent.click(within(group).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(postedTo(fetchStub, '/inbox/not_understood/5/add_example')).toEqual([
        { turn_id: 102, command_id: 9 },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('inbox-group-5')).toBeNull());
  });

  it('creates a new command from a group in the group’s language, then adds the message to it', async () => {
    setToken('t');
    const { fetchStub } = stubInboxFetch(inboxServer(groupsState()));
    renderApp('/conversations/not-understood');
    const group = await screen.findByTestId('inbox-group-6');
    fireEvent.click(within(group).getByRole('button', { name: 'New command from this group' }));
    const form = within(group).getByTestId('new-command-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Create and add' }));
    expect(await within(form).findByText('Choose a service')).toBeDefined();
    expect(postedTo(fetchStub, '/command/save/2/0')).toEqual([]);

    fireEvent.click(within(form).getByRole('combobox', { name: 'Service' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Food' }));
    fireEvent.change(within(form).getByLabelText('Command name'), { target: { value: 'opening times' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create and add' }));
    await waitFor(() =>
      expect(postedTo(fetchStub, '/inbox/not_understood/6/add_example')).toEqual([
        { turn_id: 201, command_id: 30 },
      ]),
    );
    expect(postedTo(fetchStub, '/command/save/2/0')).toEqual([
      { command_name: 'opening times', command_description: '', command_lang: 'ar' },
    ]);
    expect(await screen.findByText('The message was added as an example')).toBeDefined();
    await waitFor(() => expect(screen.queryByTestId('inbox-group-6')).toBeNull());
  });

  it('dismisses a group, which then stays out', async () => {
    setToken('t');
    const { fetchStub } = stubInboxFetch(inboxServer(groupsState()));
    renderApp('/conversations/not-understood', 'ar');
    const group = await screen.findByTestId('inbox-group-5');
    fireEvent.click(within(group).getByRole('button', { name: 'تجاهل' }));
    await waitFor(() => expect(postedTo(fetchStub, '/inbox/not_understood/5/dismiss')).toHaveLength(1));
    expect(await screen.findByText('تم تجاهل المجموعة')).toBeDefined();
    await waitFor(() => expect(screen.queryByTestId('inbox-group-5')).toBeNull());
  });

  it('shows the server’s message and keeps the group when adding fails', async () => {
    setToken('t');
    stubInboxFetch(
      inboxServer(groupsState(), (_method, path) =>
        path.endsWith('/add_example')
          ? {
              status: 422,
              json: {
                status: 0,
                msg: 'The selected command is invalid',
                errors: { command_id: ['The selected command is invalid'] },
              },
            }
          : undefined,
      ),
    );
    renderApp('/conversations/not-understood');
    const group = await screen.findByTestId('inbox-group-5');
    fireEvent.click(within(group).getByRole('button', { name: /Add as example of order_drink/ }));
    expect(await screen.findByText('The selected command is invalid')).toBeDefined();
    expect(screen.getByTestId('inbox-group-5')).toBeDefined();
  });

  it('says so when nothing waits', async () => {
    setToken('t');
    stubInboxFetch(inboxServer(inboxState()));
    renderApp('/conversations/not-understood');
    expect(await screen.findByText('Nothing waiting: your bot understood everything')).toBeDefined();
  });
});

describe('sidebar badge', () => {
  it('counts what waits and follows the stream', async () => {
    setToken('t');
    const state = inboxState({ waiting: { waiting: 3, handoffs: 1 } });
    const { emit } = stubInboxFetch(inboxServer(state));
    renderApp('/conversations');
    const entry = await screen.findByTestId('nav-conversations');
    expect((await within(entry).findByTestId('conversations-badge')).textContent).toBe('4');
    state.waiting = { waiting: 3, handoffs: 2 };
    emit('handoff', { sender_key: 'web:11', status: 'waiting' });
    await waitFor(() => expect(within(entry).getByTestId('conversations-badge').textContent).toBe('5'));
    expect(screen.getByText('A conversation is waiting for a person')).toBeDefined();
  });
});
